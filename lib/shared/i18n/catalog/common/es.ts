import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  skipToContent: "Saltar al contenido",
  back: "Atrás",
  account: "Cuenta",
  profile: "Perfil",
  loginRegister: "Entrar / Registrarse",
  dismissNotification: "Cerrar notificación",
  notifications: "Notificaciones",
  mainNav: "Principal",
  navHome: "Inicio",
  navPremium: "Premium",
  navDiscover: "Descubrir",
  navProfile: "Perfil",
  logout: "Salir",
  footer: "Sobre Glimpse",
  language: "Idioma",
  terms: "Condiciones del servicio",
  languageUnknown: "Elige uno de los idiomas disponibles.",
  privacy: "Política de privacidad",
} satisfies Translation<typeof en>;
