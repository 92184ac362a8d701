import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  skipToContent: "Zum Inhalt springen",
  back: "Zurück",
  account: "Konto",
  profile: "Profil",
  loginRegister: "Anmelden / Registrieren",
  dismissNotification: "Benachrichtigung schließen",
  notifications: "Benachrichtigungen",
  mainNav: "Hauptmenü",
  navHome: "Start",
  navPremium: "Premium",
  navDiscover: "Entdecken",
  navProfile: "Profil",
  logout: "Abmelden",
  footer: "Über Glimpse",
  language: "Sprache",
  terms: "Nutzungsbedingungen",
  languageUnknown: "Bitte wähle eine der angebotenen Sprachen.",
  privacy: "Datenschutzerklärung",
  push_ask: "Sag mir Bescheid, wenn jemand da ist",
  push_on:
    "Dieser Browser sagt dir Bescheid, wenn Mitglieder suchen, die zu deinen Filtern passen: höchstens 3-mal am Tag, nie zwischen 22:00 und 08:00.",
  push_blocked: "Mitteilungen von Glimpse sind in den Einstellungen dieses Browsers blockiert.",
  push_unsupported: "Dieser Browser kann keine Mitteilungen von Glimpse anzeigen.",
  push_failed: "Mitteilungen konnten nicht eingeschaltet werden. Bitte versuche es noch einmal.",
  holdBannerRegion: "Konto wird überprüft",
  holdBanner:
    "Dein Konto wird nach einer Sicherheitsmeldung überprüft: Vorerst kannst du nicht suchen und nicht vermittelt werden.",
  holdBannerLink: "Grund ansehen und Einspruch einlegen",
  continentAfrica: "Afrika",
  continentAsia: "Asien",
  continentEurope: "Europa",
  continentNorthAmerica: "Nordamerika",
  continentSouthAmerica: "Südamerika",
  continentOceania: "Ozeanien",
} satisfies Translation<typeof en>;
