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
  storageRefused:
    "Nichts wurde gespeichert: Glimpse kann gerade keine Änderungen speichern. Bitte versuche es gleich noch einmal.",
  pageNotFound: "Seite nicht gefunden",
  tooMany: {
    one: "Zu viele Versuche. Bitte warte {minutes} Minute und versuche es dann erneut.",
    other: "Zu viele Versuche. Bitte warte {minutes} Minuten und versuche es dann erneut.",
  },
  noMatchTitle: "Keine Matches gefunden",
  noMatchDescription: "Bitte versuche es später noch einmal.",
  socketOnly: "Diese Adresse nimmt nur WebSocket-Verbindungen an.",
  socketCrossSite: "Sockets von anderen Websites sind nicht erlaubt.",
  locationNoNames: "Ortsnamen konnten nicht ermittelt werden",
  locationUnavailable: "Standort nicht verfügbar",
  rt_too_large: "Nachricht zu groß",
  rt_malformed: "Fehlerhafte Nachricht",
  rt_unknown_type: "Unbekannter Nachrichtentyp",
  rt_not_in_match: "Du bist in keiner Live-Sitzung",
  rt_not_your_partner: "Signale gehen nur an deinen Partner",
  rt_bad_reaction: "Unbekannte Reaktion",
  rt_not_registered: "Bitte zuerst registrieren",
  rt_not_searching: "Es läuft keine Suche von dir, die sich erweitern ließe.",
  rt_bad_widen: "Das ist kein weiterer Filter für diese Suche.",
  push_title: "Jemand ist da",
  push_body: "Gerade suchen Mitglieder, die zu deinen Filtern passen. Tippe, um zu suchen.",
  push_badSubscription: "Das ist kein Push-Abonnement vom Push-Dienst eines Browsers.",
  push_noSubscription: "Dieser Browser ist nicht eingestellt, dir Bescheid zu sagen.",
} satisfies Translation<typeof en>;
