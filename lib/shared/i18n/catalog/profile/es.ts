import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  yourProfile: "Tu perfil",
  filtersTitle: "Edita tus filtros",

  sections: "Secciones del perfil",
  tabProfile: "Perfil",
  tabPrivacy: "Privacidad y seguridad",

  username: "Nombre de usuario",
  email: "Correo electrónico",
  displayName: "Nombre visible",
  bio: "Biografía",
  saving: "Guardando...",
  saveProfile: "Guardar perfil",
  saved: "Guardado",
  profileUpdated: "Perfil actualizado",
  updateFailed: "No se pudo actualizar el perfil. Inténtalo de nuevo.",

  country: "País",
  city: "Ciudad",
  locating: "Buscando tu ubicación...",
  useMyLocation: "Usar mi ubicación actual",
  locationNote:
    "Tu posición exacta nunca sale de nuestro servidor: solo guardamos la ciudad, el país y una zona de unos 2 km.",
  locationUpdated: "Ubicación actualizada",
  geoUnsupported: "Tu navegador no admite la geolocalización",
  geoDenied: "Permiso de ubicación denegado",
  geoUnavailable: "Ubicación no disponible",
  geoTimeout: "La solicitud de ubicación tardó demasiado",
  geoNoNames: "No encontramos el nombre de este lugar",
  geoNamesFailed: "No se pudo obtener el nombre del lugar",
  geoFailed: "No se pudo obtener tu ubicación",

  avatarAlt: "Tu foto de perfil",
  changeAvatar: "Cambiar foto",
  notImage: "Selecciona un archivo de imagen.",
  avatarFailed: "No se pudo actualizar tu foto de perfil. Inténtalo de nuevo.",

  privacy: "Privacidad",
  faceBlur: "Difuminar caras",
  faceBlurHelp:
    "Difumina en tu dispositivo cada cara que aparezca en el video que envías y en tus clips. Mientras la detección no está lista, se pixela la zona donde suelen estar las caras. Las caras pequeñas, lejanas, de espaldas o parcialmente tapadas pueden pasar desapercibidas. Si lo desactivas, tu video se envía tal como se grabó.",
  safetyShield: "Escudo de seguridad",
  safetyShieldHelp:
    "Mantiene difuminado el video de la otra persona hasta que una comprobación en tu dispositivo lo considera seguro, y lo vuelve a difuminar si puede contener desnudos. Ninguna imagen sale de tu dispositivo. La comprobación puede equivocarse en ambos sentidos; siempre puedes terminar y denunciar una sesión.",
  hideIp: "Ocultar mi dirección IP a los demás",
  hideIpHelp:
    "Tus llamadas pasan por nuestro servidor de retransmisión, así que los demás ven su dirección en lugar de la tuya. Una llamada retransmitida puede tardar un poco más en empezar. El servidor reenvía tu audio y video cifrados: no puede verlos ni oírlos. Si lo desactivas, el navegador de la otra persona puede ver tu dirección IP, que revela aproximadamente dónde estás y cuál es tu proveedor de internet.",
  hideIpUnavailable:
    "Este sitio no tiene configurado ningún servidor de retransmisión, así que las llamadas no pueden ocultar tu dirección.",
  hideIpAlways:
    "Este sitio hace pasar todas las llamadas por su servidor de retransmisión, así que los demás nunca ven tu dirección. Una llamada retransmitida puede tardar un poco más en empezar; el servidor solo reenvía audio y video cifrados.",
  hideIpNetworkHidden:
    "Un servidor de retransmisión respondió: tus llamadas pasan por él, así que los demás ven su dirección y no la tuya (Ocultar mi dirección IP está activado). Una llamada retransmitida puede tardar un poco más en empezar; el servidor solo reenvía audio y video cifrados.",
  hideIpNetworkUnreachable:
    "No se puede acceder a ningún servidor de retransmisión: las llamadas no pueden conectarse mientras Ocultar mi dirección IP esté activado (pestaña Privacidad de tu perfil), porque solo pasan por ese servidor.",
  hideLocation: "Ocultar mi ubicación exacta",
  hideLocationHelp: "Los demás solo ven tu país, no tu ciudad.",
  notifications: "Notificaciones",
  notificationsHelp:
    "Correos sobre tu cuenta y tus invitaciones, y los avisos de este navegador cuando buscan miembros que encajan con tus filtros.",

  changePassword: "Cambiar contraseña",
  updating: "Actualizando...",
  updatePassword: "Actualizar contraseña",
  passwordFailed: "No se pudo actualizar la contraseña. Inténtalo de nuevo.",

  deleteAccount: "Eliminar cuenta",
  deleteNote:
    "Se cerrará tu sesión en todas partes a la vez y tu nombre de usuario y tu correo quedarán libres. Tus datos personales se eliminan en un plazo de 30 días.",
  deleteConfirm:
    "¿Seguro que quieres eliminar tu cuenta? Se cerrará tu sesión y no se puede deshacer.",
  deleteFailed: "No se pudo eliminar la cuenta. Inténtalo de nuevo.",

  where: "Dónde",
  locationPreference: "Preferencia de ubicación",
  global: "Global",
  continent: "Continente",
  nearby: "Cerca",
  helpGlobal: "Conecta con cualquier persona del mundo",
  helpPlace: "Conecta con personas del lugar elegido",
  helpCity: "Conecta con personas de tu ciudad",
  helpNearby: "Conecta en un radio de 25 km",
  widenAutomatically: "Ampliar automáticamente cuando no hay nadie cerca",
  widenAutomaticallyHelp:
    "Si tu filtro no deja a nadie con quien coincidir, o pasan 10 segundos sin coincidencia mientras uno más amplio encontraría a alguien, la búsqueda se amplía sola, paso a paso: una ciudad o cerca a su país, luego a su continente y luego a todo el mundo. El filtro guardado aquí no cambia.",

  language: "Idioma",
  languagePreference: "Idioma preferido",
  anyLanguage: "Cualquier idioma",

  hashtags: "Hashtags",
  addHashtag: "Añadir un hashtag",
  add: "Añadir",
  hashtagHint: "Letras, números y _, hasta {length} caracteres; como máximo {max} hashtags.",
  quickAdd: "Añadir rápido:",
  yourHashtags: "Tus hashtags",
  removeHashtag: "Quitar #{tag}",
  cancel: "Cancelar",
  save: "Guardar",

  filtersSaved: "Filtros guardados",
  filtersSavedDescription: "Tus preferencias de filtros se han actualizado.",
  saveError: "Error al guardar los filtros",
  saveErrorDescription: "Hubo un problema al guardar tus filtros. Inténtalo de nuevo.",
  badHashtag: "Los hashtags usan letras, números y _ (como máximo {max} caracteres).",
  tooManyHashtags: "Elige como máximo {max} hashtags.",
  badCountry: "Elige un país de la lista.",
  badContinent: "Elige un continente de la lista.",
  badPreference: "Elige global, continente, país, ciudad o cerca.",
  badLanguage:
    "Elige cualquier idioma o uno de estos: inglés, español, francés, alemán, chino, japonés.",
  badAgeRange: "El rango de edad debe ir de menor a mayor.",

  devicesTitle: "Tus dispositivos",
  devicesNote:
    "Los navegadores con sesión iniciada en tu cuenta. Solo se muestra un lugar para un dispositivo que compartió su propia ubicación; la última actividad se actualiza cada pocos minutos.",
  deviceOn: "{browser} en {system}",
  deviceBrowserOn: "Un navegador en {system}",
  deviceUnknown: "Navegador desconocido",
  thisDevice: "Este dispositivo",
  deviceNear: "Cerca de {city}",
  activeRecently: "Activo en los últimos {minutes} minutos",
  lastActive: "Última actividad {when}",
  signedInAt: "Sesión iniciada el {date}",
  signOutDevice: "Cerrar sesión",
  signOutDeviceLabel: "Cerrar sesión en {device}",
  signOutOthers: "Cerrar sesión en todos los demás dispositivos",
  signingOut: "Cerrando sesión...",
  noOtherDevices: "Ningún otro dispositivo tiene la sesión iniciada.",
  deviceSignedOut: "Sesión cerrada en el dispositivo",
  othersSignedOut: "Se ha cerrado la sesión en todos tus demás dispositivos.",
  devicesFailed: "No se pudo cerrar la sesión del dispositivo. Inténtalo de nuevo.",
  deviceBadId: "Eso no es un identificador de dispositivo.",
  deviceNotFound: "Ese dispositivo no tiene la sesión iniciada.",
  deviceIsCurrent: "Este es el dispositivo que estás usando. Para cerrar su sesión, usa Salir.",

  // Passkeys (the Privacy & Security tab; the passkey API's messages are pk*).
  passkeysTitle: "Llaves de acceso",
  passkeysNote:
    "Inicia sesión con tu huella, tu cara o el bloqueo de pantalla en lugar de una contraseña. La llave de acceso se queda en tu dispositivo o en tu gestor de contraseñas.",
  addPasskey: "Añadir una llave de acceso",
  addingPasskey: "Esperando tu llave de acceso...",
  noPasskeys: "Todavía no tienes ninguna llave de acceso.",
  passkeyAdded: "Añadida el {date}",
  passkeyLastUsed: "Último uso {when}",
  passkeyNeverUsed: "Aún no se ha usado",
  passkeyNameLabel: "Nombre de la llave de acceso",
  renamePasskey: "Renombrar",
  renamePasskeyLabel: "Renombrar {name}",
  savePasskeyName: "Guardar",
  cancelRename: "Cancelar",
  removePasskey: "Quitar",
  removePasskeyLabel: "Quitar {name}",
  passkeysFailed: "No se pudo cambiar la llave de acceso",
  passkeysUnsupported: "Este navegador no puede usar llaves de acceso.",
  removePassword: "Quitar la contraseña",
  removePasswordNote:
    "Con una llave de acceso y un correo verificado puedes iniciar sesión sin contraseña. Si pierdes tus llaves de acceso, ¿Olvidaste tu contraseña? en la página de inicio de sesión te permite crear una nueva.",
  removePasswordConfirm: "Sí, quitar mi contraseña",
  removingPassword: "Quitando...",
  noPasswordNote:
    "Tu cuenta no tiene contraseña: inicias sesión con una llave de acceso. Para crear una, usa ¿Olvidaste tu contraseña? en la página de inicio de sesión.",
  pkAdded: "Llave de acceso añadida",
  pkRenamed: "Llave de acceso renombrada",
  pkRemoved: "Llave de acceso quitada",
  pkRemovedLastFactor:
    "Llave de acceso eliminada. Ya no tienes segundo factor: las páginas de administración te pedirán que configures uno.",
  pkPasswordRemoved: "Contraseña quitada. A partir de ahora, inicia sesión con tu llave de acceso.",
  pkChallengeInvalid:
    "Esta solicitud de llave de acceso ha caducado o ya se usó. Inténtalo de nuevo.",
  pkNotVerified: "No se pudo verificar esta llave de acceso. Inténtalo de nuevo.",
  pkWrongSite:
    "Esta respuesta de llave de acceso se hizo para otro sitio. Abre Glimpse en su propia dirección e inténtalo de nuevo.",
  pkUnknown: "Esta llave de acceso no está registrada en ninguna cuenta de Glimpse.",
  pkAlreadyAdded: "Esta llave de acceso ya está en tu cuenta.",
  pkTooMany: "Puedes tener como máximo {max} llaves de acceso. Quita una para añadir otra.",
  pkNotFound: "Esa llave de acceso no está en tu cuenta.",
  pkBadName: "Dale a la llave de acceso un nombre de 1 a {max} caracteres.",
  pkLastPasskey:
    "No tienes contraseña, así que esta llave de acceso es tu única forma de iniciar sesión. Crea antes una contraseña (¿Olvidaste tu contraseña? en la página de inicio de sesión).",
  pkNeedsPasskey: "Añade una llave de acceso antes de quitar tu contraseña.",
  pkNeedsVerifiedEmail:
    "Verifica tu correo electrónico antes de quitar tu contraseña: es tu forma de volver a entrar.",
  pkNoPassword: "Tu cuenta no tiene contraseña.",
} satisfies Translation<typeof en>;
