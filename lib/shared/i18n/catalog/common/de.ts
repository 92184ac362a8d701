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
} satisfies Translation<typeof en>;
