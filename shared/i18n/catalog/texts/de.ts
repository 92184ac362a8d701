import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  invalidBody: "Ungültiger Anfrageinhalt",
  invalidQuery: "Ungültige Abfrage",
  notFound: "Nicht gefunden",
  notAuthenticated: "Du bist nicht angemeldet",
  tooLarge: "Die Anfrage ist zu groß.",
  crossSite: "Anfragen von anderen Websites sind nicht erlaubt.",
  methodNotAllowed: "Diese Methode ist nicht erlaubt.",
  bodyNotAllowed: "Eine GET- oder HEAD-Anfrage darf keinen Inhalt haben.",
  addressTooLong: "Die Adresse ist zu lang.",
  failed: "Etwas ist schiefgelaufen. Bitte versuche es noch einmal.",
  failedWithReference:
    "Etwas ist schiefgelaufen. Bitte versuche es noch einmal. (Referenz: {reference})",
  pageNotFound: "Seite nicht gefunden",
  tooManyMinute: "Zu viele Versuche. Bitte warte {minutes} Minute und versuche es dann erneut.",
  tooManyMinutes: "Zu viele Versuche. Bitte warte {minutes} Minuten und versuche es dann erneut.",
  noMatchTitle: "Keine Matches gefunden",
  noMatchDescription: "Bitte versuche es später noch einmal.",
  socketOnly: "Diese Adresse nimmt nur WebSocket-Verbindungen an.",
  socketCrossSite: "Sockets von anderen Websites sind nicht erlaubt.",
  locationNoNames: "Ortsnamen konnten nicht ermittelt werden",
  locationUnavailable: "Standort nicht verfügbar",
} satisfies Translation<typeof en>;
