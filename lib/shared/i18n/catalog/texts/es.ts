import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  invalidBody: "El contenido de la solicitud no es válido",
  invalidQuery: "La consulta no es válida",
  notFound: "No encontrado",
  notAuthenticated: "No has iniciado sesión",
  tooLarge: "La solicitud es demasiado grande.",
  crossSite: "No se permiten solicitudes desde otros sitios.",
  methodNotAllowed: "Este método no está permitido.",
  bodyNotAllowed: "Una solicitud GET o HEAD no puede tener contenido.",
  addressTooLong: "La dirección es demasiado larga.",
  failed: "Algo salió mal. Inténtalo de nuevo.",
  failedWithReference: "Algo salió mal. Inténtalo de nuevo. (Referencia: {reference})",
  storageRefused:
    "No se ha guardado nada: Glimpse no puede almacenar cambios en este momento. Inténtalo de nuevo en breve.",
  pageNotFound: "Página no encontrada",
  tooManyMinute: "Demasiados intentos. Espera {minutes} minuto y vuelve a intentarlo.",
  tooManyMinutes: "Demasiados intentos. Espera {minutes} minutos y vuelve a intentarlo.",
  noMatchTitle: "No se encontraron coincidencias",
  noMatchDescription: "Inténtalo de nuevo más tarde.",
  socketOnly: "Esta dirección solo acepta conexiones WebSocket.",
  socketCrossSite: "No se permiten sockets desde otros sitios.",
  locationNoNames: "No se pudo obtener el nombre de la ubicación",
  locationUnavailable: "Ubicación no disponible",
  rt_too_large: "Mensaje demasiado grande",
  rt_malformed: "Mensaje mal formado",
  rt_unknown_type: "Tipo de mensaje desconocido",
  rt_not_in_match: "No estás en una sesión en directo",
  rt_not_your_partner: "Las señales solo van a la otra persona",
  rt_bad_reaction: "Reacción desconocida",
  rt_not_registered: "Regístrate primero",
} satisfies Translation<typeof en>;
