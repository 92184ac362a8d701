import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  yourProfile: "Dein Profil",
  filtersTitle: "Filter bearbeiten",

  sections: "Profilbereiche",
  tabProfile: "Profil",
  tabPrivacy: "Privatsphäre & Sicherheit",

  username: "Benutzername",
  email: "E-Mail",
  displayName: "Anzeigename",
  bio: "Bio",
  saving: "Wird gespeichert …",
  saveProfile: "Profil speichern",
  saved: "Gespeichert",
  profileUpdated: "Profil aktualisiert",
  updateFailed: "Dein Profil konnte nicht aktualisiert werden. Bitte versuch es noch einmal.",

  country: "Land",
  city: "Stadt",
  locating: "Standort wird ermittelt …",
  useMyLocation: "Meinen Standort verwenden",
  locationNote:
    "Deine genaue Position verlässt nie unseren Server: Wir speichern nur die Stadt, das Land und ein Gebiet von etwa 2 km.",
  locationUpdated: "Standort aktualisiert",
  geoUnsupported: "Standortbestimmung wird nicht unterstützt",
  geoDenied: "Zugriff auf den Standort verweigert",
  geoUnavailable: "Standort nicht verfügbar",
  geoTimeout: "Standortabfrage hat zu lange gedauert",
  geoNoNames: "Für diesen Standort wurde kein Ortsname gefunden",
  geoNamesFailed: "Ortsnamen konnten nicht abgerufen werden",
  geoFailed: "Standort konnte nicht ermittelt werden",

  avatarAlt: "Dein Profilbild",
  changeAvatar: "Bild ändern",
  notImage: "Bitte wähle eine Bilddatei aus.",
  avatarFailed: "Dein Profilbild konnte nicht aktualisiert werden. Bitte versuch es noch einmal.",

  privacy: "Privatsphäre",
  faceBlur: "Gesichter unscharf",
  faceBlurHelp:
    "Macht direkt auf deinem Gerät jedes Gesicht unscharf, das in deinem gesendeten Video und in deinen Clips erkannt wird. Solange die Erkennung noch nicht bereit ist, wird stattdessen der Bereich verpixelt, in dem Gesichter meist zu sehen sind. Kleine, weit entfernte, abgewandte oder teilweise verdeckte Gesichter können übersehen werden. Ist die Funktion aus, wird dein Video so gesendet, wie es aufgenommen wird.",
  safetyShield: "Schutzschild",
  safetyShieldHelp:
    "Das Video deines Gegenübers bleibt unscharf, bis eine Prüfung auf deinem Gerät es als unbedenklich einstuft, und wird wieder unscharf, sobald es Nacktheit zeigen könnte. Kein Bild verlässt dein Gerät. Die Prüfung kann sich in beide Richtungen irren; du kannst eine Sitzung jederzeit beenden und melden.",
  hideIp: "Meine IP-Adresse vor Partnern verbergen",
  hideIpHelp:
    "Deine Anrufe laufen über unseren Relay-Server, sodass Partner dessen Adresse sehen statt deiner. Ein weitergeleiteter Anruf kann etwas länger zum Verbinden brauchen. Der Relay-Server leitet dein Audio und Video verschlüsselt weiter: Er kann es weder sehen noch hören. Ist die Option aus, kann der Browser deines Partners deine IP-Adresse sehen – sie verrät ungefähr, wo du bist und wer dein Internetanbieter ist.",
  hideIpUnavailable:
    "Auf dieser Website ist kein Relay-Server eingerichtet, daher können Anrufe deine Adresse nicht verbergen.",
  hideIpAlways:
    "Diese Website leitet jeden Anruf über ihren Relay-Server, daher sehen Partner deine Adresse nie. Ein weitergeleiteter Anruf kann etwas länger zum Verbinden brauchen; der Relay-Server leitet nur verschlüsseltes Audio und Video weiter.",
  hideIpNetworkHidden:
    "Ein Relay-Server hat geantwortet: Deine Anrufe laufen über ihn, sodass Partner seine Adresse sehen, nicht deine („IP-Adresse verbergen“ ist an). Ein weitergeleiteter Anruf kann etwas länger zum Verbinden brauchen; der Relay-Server leitet nur verschlüsseltes Audio und Video weiter.",
  hideIpNetworkUnreachable:
    "Kein Relay-Server erreichbar: Solange „IP-Adresse verbergen“ an ist (Tab „Privatsphäre“ in deinem Profil), kommen keine Anrufe zustande, da sie nur über das Relay laufen.",
  hideLocation: "Genauen Standort verbergen",
  hideLocationHelp: "Partner sehen nur dein Land, nicht deine Stadt.",
  notifications: "Benachrichtigungen",
  notificationsHelp:
    "E-Mails zu deinem Konto und deinen Einladungen sowie die Mitteilungen dieses Browsers, wenn Mitglieder suchen, die zu deinen Filtern passen.",

  changePassword: "Passwort ändern",
  updating: "Wird geändert …",
  updatePassword: "Passwort speichern",
  passwordFailed: "Dein Passwort konnte nicht geändert werden. Bitte versuch es noch einmal.",

  deleteAccount: "Konto löschen",
  deleteNote:
    "Du wirst überall zugleich abgemeldet, und dein Benutzername und deine E-Mail-Adresse werden wieder frei. Deine persönlichen Daten werden innerhalb von 30 Tagen gelöscht.",
  deleteConfirm:
    "Möchtest du dein Konto wirklich löschen? Du wirst abgemeldet, und das lässt sich nicht rückgängig machen.",
  deleteFailed: "Dein Konto konnte nicht gelöscht werden. Bitte versuch es noch einmal.",

  where: "Wo",
  locationPreference: "Standortwahl",
  global: "Weltweit",
  continent: "Kontinent",
  nearby: "In der Nähe",
  helpGlobal: "Triff Menschen auf der ganzen Welt",
  helpPlace: "Triff Menschen am gewählten Ort",
  helpCity: "Triff Menschen in deiner Stadt",
  helpNearby: "Triff Menschen im Umkreis von 25 km",
  widenAutomatically: "Automatisch erweitern, wenn niemand in der Nähe ist",
  widenAutomaticallyHelp:
    "Lässt dein Filter niemanden zum Treffen übrig oder vergehen 10 Sekunden ohne Treffer, während ein weiterer Filter jemanden träfe, erweitert sich eine Suche von selbst, Schritt für Schritt: eine Stadt oder die Nähe auf ihr Land, dann auf ihren Kontinent, dann auf alle. Der hier gespeicherte Filter bleibt, wie er ist.",

  language: "Sprache",
  languagePreference: "Bevorzugte Sprache",
  anyLanguage: "Alle Sprachen",

  hashtags: "Hashtags",
  addHashtag: "Hashtag hinzufügen",
  add: "Hinzufügen",
  hashtagHint: "Buchstaben, Ziffern und _, bis zu {length} Zeichen; höchstens {max} Hashtags.",
  quickAdd: "Schnell hinzufügen:",
  yourHashtags: "Deine Hashtags",
  removeHashtag: "#{tag} entfernen",
  cancel: "Abbrechen",
  save: "Speichern",

  filtersSaved: "Filter gespeichert",
  filtersSavedDescription: "Deine Filtereinstellungen wurden aktualisiert.",
  saveError: "Filter nicht gespeichert",
  saveErrorDescription:
    "Beim Speichern deiner Filter ist ein Problem aufgetreten. Bitte versuch es noch einmal.",
  badHashtag: "Hashtags bestehen aus Buchstaben, Ziffern und _ (höchstens {max} Zeichen).",
  tooManyHashtags: "Wähle höchstens {max} Hashtags.",
  badCountry: "Bitte wähle ein Land aus der Liste.",
  badContinent: "Bitte wähle einen Kontinent aus der Liste.",
  badPreference: "Bitte wähle Weltweit, Kontinent, Land, Stadt oder In der Nähe.",
  badLanguage:
    "Bitte wähle „Alle Sprachen“ oder eine dieser Sprachen: Englisch, Spanisch, Französisch, Deutsch, Chinesisch, Japanisch.",
  badAgeRange: "Die Altersspanne muss vom niedrigeren zum höheren Alter reichen.",

  devicesTitle: "Deine Geräte",
  devicesNote:
    "Die Browser, die bei deinem Konto angemeldet sind. Ein Ort erscheint nur bei einem Gerät, das seinen eigenen Standort geteilt hat; die letzte Aktivität wird alle paar Minuten aktualisiert.",
  deviceOn: "{browser} auf {system}",
  deviceBrowserOn: "Ein Browser auf {system}",
  deviceUnknown: "Unbekannter Browser",
  thisDevice: "Dieses Gerät",
  deviceNear: "In der Nähe von {city}",
  activeRecently: "Aktiv in den letzten {minutes} Minuten",
  lastActive: "Zuletzt aktiv {when}",
  signedInAt: "Angemeldet am {date}",
  signOutDevice: "Abmelden",
  signOutDeviceLabel: "{device} abmelden",
  signOutOthers: "Alle anderen Geräte abmelden",
  signingOut: "Wird abgemeldet...",
  noOtherDevices: "Kein anderes Gerät ist angemeldet.",
  deviceSignedOut: "Gerät abgemeldet",
  othersSignedOut: "Alle deine anderen Geräte sind abgemeldet.",
  devicesFailed: "Das Gerät konnte nicht abgemeldet werden. Bitte versuche es erneut.",
  deviceBadId: "Das ist keine Geräte-ID.",
  deviceNotFound: "Dieses Gerät ist nicht angemeldet.",
  deviceIsCurrent: "Das ist das Gerät, das du gerade benutzt. Um es abzumelden, nutze Abmelden.",

  // Passkeys (the Privacy & Security tab; the passkey API's messages are pk*).
  passkeysTitle: "Passkeys",
  passkeysNote:
    "Melde dich mit Fingerabdruck, Gesicht oder Bildschirmsperre statt mit einem Passwort an. Ein Passkey bleibt auf deinem Gerät oder in deinem Passwortmanager.",
  addPasskey: "Passkey hinzufügen",
  addingPasskey: "Warte auf deinen Passkey...",
  noPasskeys: "Du hast noch keinen Passkey.",
  passkeyAdded: "Hinzugefügt am {date}",
  passkeyLastUsed: "Zuletzt benutzt {when}",
  passkeyNeverUsed: "Noch nicht benutzt",
  passkeyNameLabel: "Name des Passkeys",
  renamePasskey: "Umbenennen",
  renamePasskeyLabel: "{name} umbenennen",
  savePasskeyName: "Speichern",
  cancelRename: "Abbrechen",
  removePasskey: "Entfernen",
  removePasskeyLabel: "{name} entfernen",
  passkeysFailed: "Der Passkey konnte nicht geändert werden",
  passkeysUnsupported: "Dieser Browser kann keine Passkeys verwenden.",
  removePassword: "Passwort entfernen",
  removePasswordNote:
    "Mit einem Passkey und einer bestätigten E-Mail-Adresse meldest du dich ohne Passwort an. Verlierst du deine Passkeys, setzt Passwort vergessen? auf der Anmeldeseite ein neues.",
  removePasswordConfirm: "Ja, mein Passwort entfernen",
  removingPassword: "Wird entfernt...",
  noPasswordNote:
    "Dein Konto hat kein Passwort: Du meldest dich mit einem Passkey an. Um eines zu setzen, nutze Passwort vergessen? auf der Anmeldeseite.",
  pkAdded: "Passkey hinzugefügt",
  pkRenamed: "Passkey umbenannt",
  pkRemoved: "Passkey entfernt",
  pkRemovedLastFactor:
    "Passkey entfernt. Du hast jetzt keinen zweiten Faktor: Der Adminbereich fordert dich auf, einen einzurichten.",
  pkPasswordRemoved: "Passwort entfernt. Melde dich ab jetzt mit deinem Passkey an.",
  pkChallengeInvalid:
    "Diese Passkey-Anfrage ist abgelaufen oder wurde schon benutzt. Bitte versuche es erneut.",
  pkNotVerified: "Dieser Passkey konnte nicht bestätigt werden. Bitte versuche es erneut.",
  pkWrongSite:
    "Diese Passkey-Antwort wurde für eine andere Website erstellt. Öffne Glimpse unter seiner eigenen Adresse und versuche es erneut.",
  pkUnknown: "Dieser Passkey gehört zu keinem Glimpse-Konto.",
  pkAlreadyAdded: "Dieser Passkey ist schon zu deinem Konto hinzugefügt.",
  pkTooMany:
    "Du kannst höchstens {max} Passkeys haben. Entferne einen, um einen weiteren hinzuzufügen.",
  pkNotFound: "Dieser Passkey gehört nicht zu deinem Konto.",
  pkBadName: "Bitte gib dem Passkey einen Namen mit 1 bis {max} Zeichen.",
  pkLastPasskey:
    "Du hast kein Passwort, daher ist dieser Passkey dein einziger Weg zur Anmeldung. Setze zuerst ein Passwort (Passwort vergessen? auf der Anmeldeseite).",
  pkNeedsPasskey: "Füge einen Passkey hinzu, bevor du dein Passwort entfernst.",
  pkNeedsVerifiedEmail:
    "Bestätige deine E-Mail-Adresse, bevor du dein Passwort entfernst: Über sie kommst du wieder hinein.",
  pkNoPassword: "Dein Konto hat kein Passwort.",
} satisfies Translation<typeof en>;
