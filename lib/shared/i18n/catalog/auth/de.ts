import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  pageTitle: "Anmelden oder registrieren",
  tabsLabel: "Anmelden oder registrieren",
  tabLogin: "Anmelden",
  tabRegister: "Registrieren",
  signedInTitle: "Du bist angemeldet",
  signedInRedirect: "Weiter zu Glimpse …",
  checkInbox: "Schau in dein Postfach",
  backToLogin: "Zurück zur Anmeldung",
  signIn: "Anmelden",
  forgotSent:
    "Falls es zu dieser E-Mail-Adresse ein Konto gibt, ist ein Link zum Zurücksetzen deines Passworts unterwegs. Der Link funktioniert einmal und eine Stunde lang.",
  registrationSent:
    "Wir haben einen Link an {email} geschickt. Öffne ihn auf diesem Gerät, um dein Konto fertig einzurichten.",
  resetDone: "Dein neues Passwort ist gespeichert. Alle anderen Geräte wurden abgemeldet.",
  welcome: "Willkommen bei Glimpse!",
  welcomeNamed: "Willkommen bei Glimpse, {username}!",
  welcomeText:
    "Wir haben dir eine E-Mail geschickt, um deine Adresse zu bestätigen. Glimpse gibt es nur auf Einladung: Teile deine eigene Einladung mit Freunden.",
  startExploring: "Los geht’s",

  loginTitle: "Willkommen zurück",
  identifierLabel: "Benutzername oder E-Mail",
  passwordLabel: "Passwort",
  loggingIn: "Anmeldung …",
  loginButton: "Anmelden",
  forgotLink: "Passwort vergessen?",
  registerTitle: "Mit Einladung beitreten",
  usernameLabel: "Benutzername",
  emailLabel: "E-Mail",
  invitationLabel: "Einladungscode",
  ageConfirm: "Ich bin mindestens 18 Jahre alt und akzeptiere die {terms}",
  creatingAccount: "Konto wird erstellt …",
  createAccount: "Konto erstellen",
  forgotTitle: "Passwort vergessen?",
  forgotIntro:
    "Gib deine E-Mail-Adresse ein, dann schicken wir dir einen Link für ein neues Passwort.",
  sending: "Wird gesendet …",
  sendResetLink: "Link senden",
  resetTitle: "Neues Passwort festlegen",
  saving: "Wird gespeichert …",
  setNewPassword: "Passwort speichern",
  newPasswordLabel: "Neues Passwort",
  confirmPasswordLabel: "Neues Passwort bestätigen",
  showPassword: "Passwort anzeigen",
  hidePassword: "Passwort verbergen",

  verifyRegion: "E-Mail-Bestätigung",
  verifyBanner: "Bitte bestätige deine E-Mail-Adresse {email}, um alle Funktionen freizuschalten.",

  verifyResend: "Erneut senden",
  verifySending: "Wird gesendet …",
  verifySent: "Bestätigungs-E-Mail gesendet",
  verifySentDescription: "Schau in deinem Postfach (und im Spam-Ordner) nach dem Bestätigungslink.",
  verifyFailed: "E-Mail konnte nicht gesendet werden",
  verifyFailedDefault:
    "Die Bestätigungs-E-Mail konnte nicht gesendet werden. Bitte versuch es später noch einmal.",

  loginMissing: "Bitte gib Benutzername/E-Mail und Passwort ein",
  fillAll: "Bitte fülle alle Felder aus",
  invalidEmail: "Bitte gib eine gültige E-Mail-Adresse ein",
  shortPassword: "Das Passwort muss mindestens {min} Zeichen lang sein",
  longPassword: "Das Passwort darf höchstens {max} Zeichen lang sein",
  ageRequired: "Du musst mindestens 18 Jahre alt sein und die Nutzungsbedingungen akzeptieren",
  badUsername:
    "Der Benutzername muss {min} bis {max} Zeichen lang sein: Kleinbuchstaben, Ziffern oder _",
  emailRequired: "Bitte gib deine E-Mail-Adresse ein",
  passwordsDiffer: "Die neuen Passwörter stimmen nicht überein",
  loginFailed: "Anmeldung fehlgeschlagen",
  loginFailedDefault: "Bitte prüfe deine Zugangsdaten und versuch es noch einmal",
  registrationFailed: "Registrierung fehlgeschlagen",
  registrationFailedDefault:
    "Bitte versuch es mit einem anderen Benutzernamen oder einer anderen E-Mail-Adresse",
  loggedIn: "Erfolgreich angemeldet",
  loggedOut: "Abgemeldet",
  passwordUpdated: "Passwort geändert",
  networkError: "Netzwerkfehler. Bitte prüfe deine Verbindung und versuch es noch einmal.",
  resetFailed:
    "Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordere einen neuen an.",
  usernameTaken: "Dieser Benutzername ist schon vergeben",
  emailTaken: "Diese E-Mail-Adresse ist schon registriert",
  invalidInvitation: "Ungültiger oder bereits verwendeter Einladungscode",
  wrongCurrentPassword: "Das aktuelle Passwort ist falsch",

  hintUsername: "{min} bis {max} Zeichen: Kleinbuchstaben, Ziffern oder _",
  hintPassword: "Mindestens {min} Zeichen",
  hintEmail: "Wir schicken einen Link an diese Adresse, um sie zu bestätigen.",

  longDisplayName: "Der Anzeigename darf höchstens {max} Zeichen lang sein",
  longBio: "Die Bio darf höchstens {max} Zeichen lang sein",
  locationRequired: "Für Matches in deiner Nähe brauchen wir Land und Stadt",
  longLocation: "Stadt und Land dürfen zusammen höchstens {max} Zeichen lang sein",

  currentPasswordLabel: "Aktuelles Passwort",
  currentPasswordHelp: "Um deine E-Mail-Adresse zu ändern, brauchst du dein aktuelles Passwort.",
  currentPasswordRequired:
    "Bitte gib dein aktuelles Passwort ein, um deine E-Mail-Adresse zu ändern.",
  emailChangeSent:
    "Wir haben einen Bestätigungslink an {email} geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.",
  emailChanged: "E-Mail-Adresse geändert",
  emailChangedDescription: "Deine E-Mail-Adresse ist jetzt {email}.",
  emailChangeFailed: "E-Mail-Änderung fehlgeschlagen",
  emailChangeLinkInvalid:
    "Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte ändere deine E-Mail-Adresse noch einmal.",
  emailUnavailable: "Diese E-Mail-Adresse ist nicht mehr verfügbar. Bitte wähle eine andere.",

  badCredentials: "Benutzername/E-Mail oder Passwort ist falsch",
  alreadyVerified: "Deine E-Mail-Adresse ist bereits bestätigt",
  notLoggedIn: "Nicht angemeldet",
  notAuthenticated: "Nicht angemeldet",
  signInToVerify: "Bitte melde dich an, um deine E-Mail-Adresse zu bestätigen.",
  verifyLinkInvalid: "Dieser Bestätigungslink ist ungültig oder abgelaufen.",
  forgotResponse:
    "Falls es zu dieser E-Mail-Adresse ein Konto gibt, haben wir dir einen Link zum Zurücksetzen deines Passworts geschickt. Er funktioniert einmal und eine Stunde lang.",
  forgotAccepted:
    "Falls es zu dieser E-Mail-Adresse ein Konto gibt, haben wir dir einen Link zum Zurücksetzen deines Passworts geschickt.",
  welcomeBack: "Willkommen zurück!",
  serverBusy:
    "Der Server ist gerade ausgelastet. Bitte versuch es in ein paar Sekunden noch einmal.",

  verificationFailed: "Bestätigung fehlgeschlagen",
  emailVerified: "E-Mail-Adresse bestätigt",
  emailVerifiedText: "Danke, {username}: Alle Funktionen von Glimpse stehen dir jetzt offen.",

  unsupportedLanguage: "Diese Sprache wird nicht unterstützt",
  avatarByButton: "Bitte lade dein Bild über die Schaltfläche für das Profilbild hoch.",
  avatarTooLarge: "Bitte wähle ein kleineres Bild (höchstens 60 KB nach dem Verkleinern).",
  accountDeleted: "Konto gelöscht",
  accountDeletedText:
    "Du wurdest abgemeldet. Deine persönlichen Daten werden innerhalb von 30 Tagen gelöscht.",
  accountDeletedMessage: "Dein Konto wurde gelöscht.",
  // Appeals of bans.
  appealTitle: "Einspruch gegen diese Sperre",
  appealIntro:
    "Wenn du glaubst, dass diese Sperre ein Fehler ist, schreib einem Administrator, warum. Du kannst gegen diese Sperre einmal Einspruch einlegen; die Antwort kommt per E-Mail.",
  appealLabel: "Dein Einspruch",
  appealCount: "{count} von {max} Zeichen",
  appealSend: "Einspruch senden",
  appealSending: "Wird gesendet...",
  appealRequired: "Bitte schreib deinen Einspruch.",
  appealTooLong: "Dein Einspruch darf höchstens 1000 Zeichen lang sein.",
  appealFailed: "Dein Einspruch konnte nicht gesendet werden. Bitte versuche es erneut.",
  appealSentTitle: "Einspruch gesendet",
  appealSentNotice: "Ein Administrator liest ihn und antwortet dir per E-Mail.",
  appealUpheldNotice: "Ein Administrator hat ihn beantwortet: Die Sperre bleibt.",
  appealAlreadySent:
    "Du hast gegen diese Sperre bereits Einspruch eingelegt. Ein Administrator beantwortet ihn per E-Mail.",
  appealNoPass: "Melde dich erneut mit deinem Passwort an, um Einspruch einzulegen.",
  appealNotBanned:
    "Dein Konto ist nicht gesperrt, es gibt also nichts, wogegen du Einspruch einlegen könntest.",

  // Passkey sign-in (components/auth/PasskeySignIn.tsx).
  passkeySignIn: "Mit einem Passkey anmelden",
  passkeyWaiting: "Warte auf deinen Passkey...",
  passkeyFailed: "Anmeldung mit Passkey fehlgeschlagen",
  passkeyCancelled: "Die Passkey-Anfrage wurde abgebrochen oder ist abgelaufen.",
  orDivider: "oder",
  appealAlreadySentHold:
    "Du hast für dieses Anhalten bereits einen Einspruch gesendet. Ein Administrator antwortet per E-Mail.",
  appealHoldTitle: "Einspruch gegen das Anhalten",
  appealHoldIntro:
    "Wenn du das für einen Fehler hältst, erkläre einem Administrator, warum. Du kannst einen Einspruch für dieses Anhalten senden; die Antwort kommt per E-Mail.",
  appealHoldUpheldNotice: "Ein Administrator hat geantwortet: Das Anhalten bleibt vorerst.",
  holdNoticeTitle: "Dein Konto wird überprüft",
  holdNoticeText:
    "Nach einer Sicherheitsmeldung ist dein Konto angehalten, während ein Administrator es überprüft. Bis dahin kannst du nicht suchen und nicht vermittelt werden; dein Profil kannst du weiter nutzen und dein Konto löschen.",
} satisfies Translation<typeof en>;
