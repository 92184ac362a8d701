import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  skipToContent: "Aller au contenu",
  back: "Retour",
  account: "Compte",
  profile: "Profil",
  loginRegister: "Connexion / Inscription",
  dismissNotification: "Fermer la notification",
  notifications: "Notifications",
  mainNav: "Principale",
  navHome: "Accueil",
  navPremium: "Premium",
  navDiscover: "Découvrir",
  navProfile: "Profil",
  logout: "Déconnexion",
  footer: "À propos de Glimpse",
  language: "Langue",
  terms: "Conditions d’utilisation",
  languageUnknown: "Veuillez choisir l’une des langues proposées.",
  privacy: "Politique de confidentialité",
  push_ask: "Prévenez-moi quand quelqu’un est là",
  push_on:
    "Ce navigateur vous préviendra quand des membres correspondant à vos filtres cherchent : 3 fois par jour au plus, jamais entre 22:00 et 08:00.",
  push_blocked: "Les notifications de Glimpse sont bloquées dans les réglages de ce navigateur.",
  push_unsupported: "Ce navigateur ne peut pas afficher les notifications de Glimpse.",
  push_failed: "Impossible d’activer les notifications. Veuillez réessayer.",
  holdBannerRegion: "Compte en cours d’examen",
  holdBanner:
    "Votre compte est en cours d’examen après un signalement de sécurité : pour l’instant, vous ne pouvez ni chercher ni être mis en relation.",
  holdBannerLink: "Voir pourquoi et faire un recours",
  continentAfrica: "Afrique",
  continentAsia: "Asie",
  continentEurope: "Europe",
  continentNorthAmerica: "Amérique du Nord",
  continentSouthAmerica: "Amérique du Sud",
  continentOceania: "Océanie",
} satisfies Translation<typeof en>;
