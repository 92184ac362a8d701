// Sign-in and registration (/auth: its tabs, forms and notices), the verification banner and its
// Resend, the password fields every form shares, and the messages of the account rules and the
// account API (lib/shared/auth/rules.ts, lib/server/auth/*.ts, routes/api/account.ts), which name
// them by key (`said("auth.fillAll")`); a rule's limit is a {placeholder} the rule fills in.
export default {
  // /auth
  pageTitle: "Login or Register",
  tabsLabel: "Sign in or register",
  tabLogin: "Login",
  tabRegister: "Register",
  signedInTitle: "You are signed in",
  signedInRedirect: "Taking you to Glimpse...",
  checkInbox: "Check your inbox",
  backToLogin: "Back to login",
  signIn: "Sign in",
  forgotSent:
    "If an account exists for that email, a link to reset your password is on its way. The link works once and for one hour.",
  registrationSent:
    "We sent a link to {email}. Open it on this device to finish creating your account.",
  resetDone: "Your new password is set. Every other device was signed out.",
  welcome: "Welcome to Glimpse!",
  welcomeNamed: "Welcome to Glimpse, {username}!",
  welcomeText:
    "We sent you an email to verify your address. Glimpse is invite-only: share your own invitation with a friend.",
  startExploring: "Start exploring",

  // The forms
  loginTitle: "Welcome back",
  identifierLabel: "Username or email",
  passwordLabel: "Password",
  loggingIn: "Logging in...",
  loginButton: "Login",
  forgotLink: "Forgot password?",
  registerTitle: "Join with an invitation",
  usernameLabel: "Username",
  emailLabel: "Email",
  invitationLabel: "Invitation code",
  ageConfirm: "I am 18 or older and accept the {terms}",
  creatingAccount: "Creating account...",
  createAccount: "Create account",
  forgotTitle: "Forgot your password?",
  forgotIntro: "Enter your email and we will send you a link to set a new password.",
  sending: "Sending...",
  sendResetLink: "Send reset link",
  resetTitle: "Set a new password",
  saving: "Saving...",
  setNewPassword: "Set new password",
  newPasswordLabel: "New password",
  confirmPasswordLabel: "Confirm new password",
  showPassword: "Show password",
  hidePassword: "Hide password",

  // The verification banner
  verifyRegion: "Email verification",
  verifyBanner: "Please verify your email {email} to unlock every feature.",

  // The Resend buttons' toasts (lib/client/verification.ts)
  verifyResend: "Resend",
  verifySending: "Sending...",
  verifySent: "Verification email sent",
  verifySentDescription: "Please check your inbox (and spam folder) for the verification link.",
  verifyFailed: "Error sending email",
  verifyFailedDefault: "Failed to send verification email. Please try again later.",

  // The account rules (lib/shared/auth/rules.ts) and the forms' toasts
  loginMissing: "Please enter both username/email and password",
  fillAll: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  shortPassword: "Password must be at least {min} characters long",
  longPassword: "Password must be at most {max} characters long",
  ageRequired: "You must be 18 or older and accept the Terms of Service",
  badUsername: "Username must be {min} to {max} characters: lowercase letters, digits or _",
  emailRequired: "Please enter your email address",
  passwordsDiffer: "New passwords do not match",
  loginFailed: "Login failed",
  loginFailedDefault: "Please check your credentials and try again",
  registrationFailed: "Registration failed",
  registrationFailedDefault: "Please try a different username or email",
  loggedIn: "Logged in successfully",
  loggedOut: "Logged out",
  passwordUpdated: "Password updated",
  networkError: "Network error. Please check your connection and try again.",
  resetFailed: "This reset link is invalid or has expired. Please request a new one.",
  usernameTaken: "Username is already taken",
  emailTaken: "Email is already registered",
  invalidInvitation: "Invalid or already used invitation code",
  wrongCurrentPassword: "Current password is incorrect",

  // The rules under each field (RULE_HINT)
  hintUsername: "{min} to {max} characters: lowercase letters, digits or _",
  hintPassword: "At least {min} characters",
  hintEmail: "We send a link to this address to verify it.",

  // The profile's own fields (RULE_PROBLEM)
  longDisplayName: "Display name must be at most {max} characters",
  longBio: "Bio must be at most {max} characters",
  locationRequired: "Both country and city are required for location-based matching",
  longLocation: "City and country must be at most {max} characters together",

  // The email change and the current-password checks
  currentPasswordLabel: "Current password",
  currentPasswordHelp: "Changing your email needs your current password.",
  currentPasswordRequired: "Please enter your current password to change your email.",
  emailChangeSent: "We sent a confirmation link to {email}. Your email changes when you open it.",
  emailChanged: "Email changed",
  emailChangedDescription: "Your email is now {email}.",
  emailChangeFailed: "Email change failed",
  emailChangeLinkInvalid:
    "This confirmation link is invalid or has expired. Please change your email again.",
  emailUnavailable: "This email address is no longer available. Please choose another one.",

  // The account API (lib/server/auth/accounts.ts, routes/api/account.ts, password.ts)
  badCredentials: "Invalid username/email or password",
  alreadyVerified: "Your email is already verified",
  notLoggedIn: "User not authenticated",
  notAuthenticated: "Not authenticated",
  signInToVerify: "Please sign in to verify your email.",
  verifyLinkInvalid: "This verification link is invalid or has expired.",
  forgotResponse:
    "If an account exists for that email, we have sent a link to reset your password. It works once and for one hour.",
  forgotAccepted:
    "If an account exists for that email, we have sent a link to reset your password.",
  welcomeBack: "Welcome back!",
  serverBusy: "The server is busy. Please try again in a few seconds.",

  // /verify-email's toasts
  verificationFailed: "Verification failed",
  emailVerified: "Email verified",
  emailVerifiedText: "Thank you, {username}: every Glimpse feature is open to you.",

  // Profile and account (lib/server/auth/accounts.ts, avatar.ts, routes/api/account.ts)
  unsupportedLanguage: "Unsupported language",
  avatarByButton: "Please upload your picture with the avatar button.",
  avatarTooLarge: "Please choose a smaller picture (at most 60 KB after resizing).",
  accountDeleted: "Account deleted",
  accountDeletedText: "You have been signed out. Your personal data is deleted within 30 days.",
  accountDeletedMessage: "Your account has been deleted.",
  // Appeals of bans.
  appealTitle: "Appeal this ban",
  appealIntro:
    "If you believe this ban is a mistake, tell an administrator why. You can send one appeal for this ban; the answer comes by email.",
  appealLabel: "Your appeal",
  appealCount: "{count} of {max} characters",
  appealSend: "Send appeal",
  appealSending: "Sending...",
  appealRequired: "Please write your appeal.",
  appealTooLong: "Your appeal must be at most 1000 characters.",
  appealFailed: "Your appeal could not be sent. Please try again.",
  appealSentTitle: "Appeal sent",
  appealSentNotice: "An administrator will read it and answer you by email.",
  appealUpheldNotice: "An administrator answered it: the ban stays.",
  appealAlreadySent:
    "You have already sent an appeal for this ban. An administrator will answer it by email.",
  appealNoPass: "Sign in with your password again to send an appeal.",
  appealNotBanned: "Your account is not banned, so there is nothing to appeal.",

  // Passkey sign-in (components/auth/PasskeySignIn.tsx).
  passkeySignIn: "Sign in with a passkey",
  passkeyWaiting: "Waiting for your passkey...",
  passkeyFailed: "Passkey sign-in failed",
  passkeyCancelled: "The passkey request was cancelled or timed out.",
  orDivider: "or",
  appealAlreadySentHold:
    "You have already sent an appeal for this hold. An administrator will answer it by email.",
  appealHoldTitle: "Appeal this hold",
  appealHoldIntro:
    "If you believe this is a mistake, tell an administrator why. You can send one appeal for this hold; the answer comes by email.",
  appealHoldUpheldNotice: "An administrator answered it: the hold stays for now.",
  holdNoticeTitle: "Your account is under review",
  holdNoticeText:
    "After a safety report, your account is on hold while an administrator reviews it. Until then you cannot search or be matched; you can still use your profile and delete your account.",
};
