// The emails Glimpse sends (lib/server/email/templates.ts), in the recipient's language: each has a
// subject, a greeting, its lines and the label of its one link. `actionColon` sits between the
// link's label and the link in the plain-text body ("Verify my email: https://…").
export default {
  greeting: "Hi {username},",
  greetingNoName: "Hi,",
  actionColon: ": ",
  verifySubject: "Verify your email for Glimpse",
  verifyBody: "Please confirm that this is your email address to unlock every Glimpse feature.",
  verifyIgnore: "If you did not create a Glimpse account, you can ignore this email.",
  verifyAction: "Verify my email",
  resetSubject: "Reset your Glimpse password",
  resetBody:
    "Someone asked to reset the password of your Glimpse account. The link below works once and for one hour.",
  resetIgnore: "If it was not you, ignore this email: your password stays as it is.",
  resetAction: "Set a new password",
  changeSubject: "Confirm your new email for Glimpse",
  changeBody:
    "You asked to use this address for your Glimpse account. Your email changes when you open the link below. It works once and for one hour.",
  changeIgnore: "If it was not you, ignore this email: nothing changes.",
  changeAction: "Use this email",
  attemptSubject: "Someone tried to register on Glimpse with your email",
  attemptBody:
    "Someone tried to create a new Glimpse account with this address. It already belongs to your account, so no new account was created.",
  attemptAdvice:
    "If it was you, sign in, or reset your password if you forgot it. If it was not you, you can ignore this email: your account is unchanged.",
  inUseSubject: "Someone tried to use your email on Glimpse",
  inUseBody:
    "Someone tried to use this address for a Glimpse account. It already belongs to an account, so nothing changed.",
  inUseAdvice:
    "If it was you, sign in, or reset your password if you forgot it. If it was not you, you can ignore this email.",
  signIn: "Sign in",
  newSignInSubject: "A new sign-in to your Glimpse account",
  newSignInBody:
    "Someone just signed in to your Glimpse account from a browser it had not been used with before: {device}, on {time} UTC.",
  newSignInAdvice:
    "If this was you, you can ignore this email. If it was not you, set a new password now with the link below: it works once and for one hour, and it signs out every device signed in to your account. You can also see and sign out your devices on your profile, under Privacy & Security.",
  appealUpheldSubject: "Your Glimpse appeal has been answered",
  appealUpheldBody:
    "An administrator read your appeal and decided that the ban on your account stays.",
  appealUpheldAdvice:
    "This decision is final for this ban. A timed ban still ends on its date; you can read the rules every member agrees to in the terms of service.",
  appealTermsAction: "Read the terms of service",
  appealLiftedSubject: "Your Glimpse account is open again",
  appealLiftedBody: "An administrator read your appeal and lifted the ban on your account.",
  appealLiftedAdvice: "You can sign in again now with your username or email and your password.",
  holdPlacedSubject: "Your Glimpse account is under review",
  holdPlacedBody:
    "After a safety report, your account is on hold while an administrator reviews it. Until then you cannot search or be matched; you can still sign in, see your profile and delete your account.",
  holdPlacedAdvice:
    "If you think this is a mistake, you can send one appeal from your profile page. The answer comes by email.",
  holdProfileAction: "Open your profile",
  holdLiftedSubject: "Your Glimpse account is open again",
  holdLiftedBody: "An administrator reviewed your account and lifted the hold on it.",
  holdLiftedAdvice: "You can search and be matched again now.",
  holdUpheldBody:
    "An administrator read your appeal and decided that the hold on your account stays while the review goes on.",
};
