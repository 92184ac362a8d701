import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  greeting: "Hallo {username},",
  greetingNoName: "Hallo,",
  actionColon: ": ",
  verifySubject: "Bestätige deine E-Mail-Adresse für Glimpse",
  verifyBody:
    "Bitte bestätige, dass das deine E-Mail-Adresse ist, um alle Funktionen von Glimpse freizuschalten.",
  verifyIgnore: "Wenn du kein Glimpse-Konto erstellt hast, kannst du diese E-Mail ignorieren.",
  verifyAction: "E-Mail-Adresse bestätigen",
  resetSubject: "Setze dein Glimpse-Passwort zurück",
  resetBody:
    "Jemand möchte das Passwort deines Glimpse-Kontos zurücksetzen. Der Link unten funktioniert nur einmal und eine Stunde lang.",
  resetIgnore:
    "Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dein Passwort bleibt, wie es ist.",
  resetAction: "Neues Passwort festlegen",
  changeSubject: "Bestätige deine neue E-Mail-Adresse für Glimpse",
  changeBody:
    "Du möchtest diese Adresse für dein Glimpse-Konto verwenden. Deine E-Mail-Adresse ändert sich, sobald du den Link unten öffnest. Er funktioniert nur einmal und eine Stunde lang.",
  changeIgnore: "Wenn du das nicht warst, ignoriere diese E-Mail einfach: Es ändert sich nichts.",
  changeAction: "Diese Adresse verwenden",
  attemptSubject: "Jemand wollte sich mit deiner E-Mail-Adresse bei Glimpse registrieren",
  attemptBody:
    "Jemand wollte mit dieser Adresse ein neues Glimpse-Konto erstellen. Sie gehört bereits zu deinem Konto, daher wurde kein neues Konto angelegt.",
  attemptAdvice:
    "Wenn du das warst, melde dich an oder setze dein Passwort zurück, falls du es vergessen hast. Wenn nicht, kannst du diese E-Mail ignorieren: Dein Konto bleibt unverändert.",
  inUseSubject: "Jemand wollte deine E-Mail-Adresse bei Glimpse verwenden",
  inUseBody:
    "Jemand wollte diese Adresse für ein Glimpse-Konto verwenden. Sie gehört bereits zu einem Konto, daher hat sich nichts geändert.",
  inUseAdvice:
    "Wenn du das warst, melde dich an oder setze dein Passwort zurück, falls du es vergessen hast. Wenn nicht, kannst du diese E-Mail ignorieren.",
  signIn: "Anmelden",
  newSignInSubject: "Eine neue Anmeldung bei deinem Glimpse-Konto",
  newSignInBody:
    "Bei deinem Glimpse-Konto wurde gerade mit einem Browser angemeldet, der mit diesem Konto noch nie verwendet wurde: {device}, am {time} UTC.",
  newSignInAdvice:
    "Wenn du das warst, kannst du diese E-Mail ignorieren. Wenn nicht, lege jetzt über den Link unten ein neues Passwort fest: Er funktioniert einmal und eine Stunde lang und meldet jedes Gerät ab, das bei deinem Konto angemeldet ist. Deine Geräte kannst du auch in deinem Profil unter Privatsphäre & Sicherheit sehen und abmelden.",
  appealUpheldSubject: "Dein Einspruch bei Glimpse wurde beantwortet",
  appealUpheldBody:
    "Ein Administrator hat deinen Einspruch gelesen und entschieden, dass die Sperre deines Kontos bestehen bleibt.",
  appealUpheldAdvice:
    "Diese Entscheidung ist für diese Sperre endgültig. Eine befristete Sperre endet trotzdem an ihrem Datum; die Regeln, denen jedes Mitglied zustimmt, findest du in den Nutzungsbedingungen.",
  appealTermsAction: "Nutzungsbedingungen lesen",
  appealLiftedSubject: "Dein Glimpse-Konto ist wieder offen",
  appealLiftedBody:
    "Ein Administrator hat deinen Einspruch gelesen und die Sperre deines Kontos aufgehoben.",
  appealLiftedAdvice:
    "Du kannst dich ab sofort wieder mit deinem Benutzernamen oder deiner E-Mail und deinem Passwort anmelden.",
  holdPlacedSubject: "Dein Glimpse-Konto wird überprüft",
  holdPlacedBody:
    "Nach einer Sicherheitsmeldung ist dein Konto angehalten, während ein Administrator es überprüft. Bis dahin kannst du nicht suchen und nicht vermittelt werden; du kannst dich weiter anmelden, dein Profil sehen und dein Konto löschen.",
  holdPlacedAdvice:
    "Wenn du das für einen Fehler hältst, kannst du auf deiner Profilseite einen Einspruch senden. Die Antwort kommt per E-Mail.",
  holdProfileAction: "Profil öffnen",
  holdLiftedSubject: "Dein Glimpse-Konto ist wieder offen",
  holdLiftedBody: "Ein Administrator hat dein Konto überprüft und die Sperre aufgehoben.",
  holdLiftedAdvice: "Du kannst jetzt wieder suchen und vermittelt werden.",
  holdUpheldBody:
    "Ein Administrator hat deinen Einspruch gelesen und entschieden, dass dein Konto während der Überprüfung angehalten bleibt.",
} satisfies Translation<typeof en>;
