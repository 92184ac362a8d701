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
  push_ask: "Avísame cuando haya alguien",
  push_on:
    "Este navegador te avisará cuando busquen miembros que encajan con tus filtros: como mucho 3 veces al día, nunca entre las 22:00 y las 08:00.",
  push_blocked: "Las notificaciones de Glimpse están bloqueadas en los ajustes de este navegador.",
  push_unsupported: "Este navegador no puede mostrar notificaciones de Glimpse.",
  push_failed: "No se pudieron activar las notificaciones. Inténtalo de nuevo.",
  holdBannerRegion: "Cuenta en revisión",
  holdBanner:
    "Tu cuenta está en revisión tras un aviso de seguridad: por ahora no puedes buscar ni ser emparejado.",
  holdBannerLink: "Ver por qué y apelar",
  continentAfrica: "África",
  continentAsia: "Asia",
  continentEurope: "Europa",
  continentNorthAmerica: "América del Norte",
  continentSouthAmerica: "América del Sur",
  continentOceania: "Oceanía",
} satisfies Translation<typeof en>;
