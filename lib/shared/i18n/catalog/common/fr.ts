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
} satisfies Translation<typeof en>;
