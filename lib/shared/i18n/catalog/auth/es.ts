import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  pageTitle: "Inicia sesión o regístrate",
  tabsLabel: "Inicia sesión o regístrate",
  tabLogin: "Iniciar sesión",
  tabRegister: "Registrarse",
  signedInTitle: "Has iniciado sesión",
  signedInRedirect: "Te llevamos a Glimpse…",
  checkInbox: "Revisa tu correo",
  backToLogin: "Volver a iniciar sesión",
  signIn: "Iniciar sesión",
  forgotSent:
    "Si hay una cuenta con ese correo, te estamos enviando un enlace para restablecer tu contraseña. El enlace funciona una sola vez y durante una hora.",
  registrationSent:
    "Hemos enviado un enlace a {email}. Ábrelo en este dispositivo para terminar de crear tu cuenta.",
  resetDone:
    "Tu nueva contraseña está lista. Hemos cerrado la sesión en todos tus demás dispositivos.",
  welcome: "¡Te damos la bienvenida a Glimpse!",
  welcomeNamed: "¡Te damos la bienvenida a Glimpse, {username}!",
  welcomeText:
    "Te hemos enviado un correo para verificar tu dirección. Glimpse funciona solo con invitación: comparte la tuya con un amigo.",
  startExploring: "Empezar a explorar",

  loginTitle: "Hola de nuevo",
  identifierLabel: "Usuario o correo electrónico",
  passwordLabel: "Contraseña",
  loggingIn: "Iniciando sesión…",
  loginButton: "Iniciar sesión",
  forgotLink: "¿Olvidaste tu contraseña?",
  registerTitle: "Únete con una invitación",
  usernameLabel: "Nombre de usuario",
  emailLabel: "Correo electrónico",
  invitationLabel: "Código de invitación",
  ageConfirm: "Tengo 18 años o más y acepto las {terms}",
  creatingAccount: "Creando cuenta…",
  createAccount: "Crear cuenta",
  forgotTitle: "¿Olvidaste tu contraseña?",
  forgotIntro: "Escribe tu correo y te enviaremos un enlace para crear una contraseña nueva.",
  sending: "Enviando…",
  sendResetLink: "Enviar enlace",
  resetTitle: "Crea una contraseña nueva",
  saving: "Guardando…",
  setNewPassword: "Guardar contraseña",
  newPasswordLabel: "Contraseña nueva",
  confirmPasswordLabel: "Confirma la contraseña nueva",
  showPassword: "Mostrar contraseña",
  hidePassword: "Ocultar contraseña",

  verifyRegion: "Verificación del correo",
  verifyBanner: "Verifica tu correo {email} para desbloquear todas las funciones.",

  verifyResend: "Reenviar",
  verifySending: "Enviando…",
  verifySent: "Correo de verificación enviado",
  verifySentDescription:
    "Busca el enlace de verificación en tu bandeja de entrada (y en la carpeta de spam).",
  verifyFailed: "Error al enviar el correo",
  verifyFailedDefault: "No se pudo enviar el correo de verificación. Inténtalo de nuevo más tarde.",

  loginMissing: "Escribe tu usuario o correo y tu contraseña",
  fillAll: "Rellena todos los campos",
  invalidEmail: "Escribe un correo electrónico válido",
  shortPassword: "La contraseña debe tener al menos {min} caracteres",
  longPassword: "La contraseña debe tener como máximo {max} caracteres",
  ageRequired: "Debes tener 18 años o más y aceptar las Condiciones del servicio",
  badUsername:
    "El nombre de usuario debe tener de {min} a {max} caracteres: letras minúsculas, números o _",
  emailRequired: "Escribe tu correo electrónico",
  passwordsDiffer: "Las contraseñas nuevas no coinciden",
  loginFailed: "No se pudo iniciar sesión",
  loginFailedDefault: "Revisa tus datos e inténtalo de nuevo",
  registrationFailed: "No se pudo completar el registro",
  registrationFailedDefault: "Prueba con otro nombre de usuario o correo",
  loggedIn: "Has iniciado sesión",
  loggedOut: "Sesión cerrada",
  passwordUpdated: "Contraseña actualizada",
  networkError: "Error de red. Comprueba tu conexión e inténtalo de nuevo.",
  resetFailed:
    "Este enlace para restablecer la contraseña no es válido o ha caducado. Solicita uno nuevo.",
  usernameTaken: "Ese nombre de usuario ya está en uso",
  emailTaken: "Ese correo ya está registrado",
  invalidInvitation: "Código de invitación no válido o ya utilizado",
  wrongCurrentPassword: "La contraseña actual no es correcta",

  hintUsername: "De {min} a {max} caracteres: letras minúsculas, números o _",
  hintPassword: "Al menos {min} caracteres",
  hintEmail: "Enviaremos un enlace a esta dirección para verificarla.",

  longDisplayName: "El nombre visible debe tener como máximo {max} caracteres",
  longBio: "La biografía debe tener como máximo {max} caracteres",
  locationRequired: "Para conectar por ubicación necesitamos el país y la ciudad",
  longLocation: "La ciudad y el país juntos deben tener como máximo {max} caracteres",

  currentPasswordLabel: "Contraseña actual",
  currentPasswordHelp: "Para cambiar tu correo necesitas tu contraseña actual.",
  currentPasswordRequired: "Escribe tu contraseña actual para cambiar tu correo.",
  emailChangeSent:
    "Hemos enviado un enlace de confirmación a {email}. Tu correo cambiará cuando lo abras.",
  emailChanged: "Correo cambiado",
  emailChangedDescription: "Tu correo ahora es {email}.",
  emailChangeFailed: "No se pudo cambiar el correo",
  emailChangeLinkInvalid:
    "Este enlace de confirmación no es válido o ha caducado. Vuelve a cambiar tu correo.",
  emailUnavailable: "Este correo ya no está disponible. Elige otro.",

  badCredentials: "Usuario, correo o contraseña incorrectos",
  alreadyVerified: "Tu correo ya está verificado",
  notLoggedIn: "No has iniciado sesión",
  notAuthenticated: "No has iniciado sesión",
  signInToVerify: "Inicia sesión para verificar tu correo.",
  verifyLinkInvalid: "Este enlace de verificación no es válido o ha caducado.",
  forgotResponse:
    "Si hay una cuenta con ese correo, te hemos enviado un enlace para restablecer tu contraseña. Funciona una sola vez y durante una hora.",
  forgotAccepted:
    "Si hay una cuenta con ese correo, te hemos enviado un enlace para restablecer tu contraseña.",
  welcomeBack: "¡Hola de nuevo!",
  serverBusy: "El servidor está ocupado. Inténtalo de nuevo en unos segundos.",

  verificationFailed: "No se pudo verificar",
  emailVerified: "Correo verificado",
  emailVerifiedText: "Gracias, {username}: ya tienes acceso a todas las funciones de Glimpse.",

  unsupportedLanguage: "Idioma no disponible",
  avatarByButton: "Sube tu foto con el botón de la foto de perfil.",
  avatarTooLarge: "Elige una imagen más pequeña (máximo 60 KB tras reducirla).",
  accountDeleted: "Cuenta eliminada",
  accountDeletedText:
    "Hemos cerrado tu sesión. Tus datos personales se eliminarán en un plazo de 30 días.",
  accountDeletedMessage: "Tu cuenta se ha eliminado.",
  // Appeals of bans.
  appealTitle: "Apelar esta suspensión",
  appealIntro:
    "Si crees que esta suspensión es un error, explícale a un administrador por qué. Puedes enviar una apelación por esta suspensión; la respuesta llega por correo.",
  appealLabel: "Tu apelación",
  appealCount: "{count} de {max} caracteres",
  appealSend: "Enviar apelación",
  appealSending: "Enviando...",
  appealRequired: "Escribe tu apelación.",
  appealTooLong: "Tu apelación debe tener como máximo 1000 caracteres.",
  appealFailed: "No se pudo enviar tu apelación. Inténtalo de nuevo.",
  appealSentTitle: "Apelación enviada",
  appealSentNotice: "Un administrador la leerá y te responderá por correo.",
  appealUpheldNotice: "Un administrador la respondió: la suspensión se mantiene.",
  appealAlreadySent:
    "Ya enviaste una apelación por esta suspensión. Un administrador la responderá por correo.",
  appealNoPass: "Vuelve a iniciar sesión con tu contraseña para enviar una apelación.",
  appealNotBanned: "Tu cuenta no está suspendida, así que no hay nada que apelar.",

  // Passkey sign-in (components/auth/PasskeySignIn.tsx).
  passkeySignIn: "Iniciar sesión con una llave de acceso",
  passkeyWaiting: "Esperando tu llave de acceso...",
  passkeyFailed: "No se pudo iniciar sesión con la llave de acceso",
  passkeyCancelled: "La solicitud de la llave de acceso se canceló o caducó.",
  orDivider: "o",
  appealAlreadySentHold:
    "Ya enviaste una apelación para esta espera. Un administrador la responderá por correo.",
  appealHoldTitle: "Apelar esta espera",
  appealHoldIntro:
    "Si crees que es un error, explica a un administrador por qué. Puedes enviar una apelación para esta espera; la respuesta llega por correo.",
  appealHoldUpheldNotice: "Un administrador la respondió: la espera sigue por ahora.",
  holdNoticeTitle: "Tu cuenta está en revisión",
  holdNoticeText:
    "Tras un aviso de seguridad, tu cuenta está en espera mientras un administrador la revisa. Hasta entonces no puedes buscar ni ser emparejado; aún puedes usar tu perfil y eliminar tu cuenta.",
} satisfies Translation<typeof en>;
