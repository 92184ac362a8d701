import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  greeting: "Hola, {username}:",
  greetingNoName: "Hola:",
  actionColon: ": ",
  verifySubject: "Verifica tu correo para Glimpse",
  verifyBody:
    "Confirma que esta es tu dirección de correo para desbloquear todas las funciones de Glimpse.",
  verifyIgnore: "Si no creaste una cuenta de Glimpse, puedes ignorar este correo.",
  verifyAction: "Verificar mi correo",
  resetSubject: "Restablece tu contraseña de Glimpse",
  resetBody:
    "Alguien ha pedido restablecer la contraseña de tu cuenta de Glimpse. El enlace de abajo solo funciona una vez y durante una hora.",
  resetIgnore: "Si no fuiste tú, ignora este correo: tu contraseña seguirá igual.",
  resetAction: "Crear una contraseña nueva",
  changeSubject: "Confirma tu nuevo correo para Glimpse",
  changeBody:
    "Has pedido usar esta dirección para tu cuenta de Glimpse. Tu correo cambiará cuando abras el enlace de abajo. Solo funciona una vez y durante una hora.",
  changeIgnore: "Si no fuiste tú, ignora este correo: no cambiará nada.",
  changeAction: "Usar este correo",
  attemptSubject: "Alguien intentó registrarse en Glimpse con tu correo",
  attemptBody:
    "Alguien intentó crear una cuenta nueva de Glimpse con esta dirección. Ya pertenece a tu cuenta, así que no se creó ninguna cuenta nueva.",
  attemptAdvice:
    "Si fuiste tú, inicia sesión o restablece tu contraseña si la olvidaste. Si no fuiste tú, puedes ignorar este correo: tu cuenta sigue igual.",
  inUseSubject: "Alguien intentó usar tu correo en Glimpse",
  inUseBody:
    "Alguien intentó usar esta dirección para una cuenta de Glimpse. Ya pertenece a una cuenta, así que no ha cambiado nada.",
  inUseAdvice:
    "Si fuiste tú, inicia sesión o restablece tu contraseña si la olvidaste. Si no fuiste tú, puedes ignorar este correo.",
  signIn: "Iniciar sesión",
  newSignInSubject: "Un nuevo inicio de sesión en tu cuenta de Glimpse",
  newSignInBody:
    "Alguien acaba de iniciar sesión en tu cuenta de Glimpse desde un navegador que no se había usado antes con ella: {device}, el {time} UTC.",
  newSignInAdvice:
    "Si fuiste tú, puedes ignorar este correo. Si no fuiste tú, establece ahora una nueva contraseña con el enlace de abajo: funciona una vez y durante una hora, y cierra la sesión en todos los dispositivos conectados a tu cuenta. También puedes ver tus dispositivos y cerrar su sesión en tu perfil, en Privacidad y seguridad.",
  appealUpheldSubject: "Tu apelación en Glimpse ha sido respondida",
  appealUpheldBody:
    "Un administrador leyó tu apelación y decidió que la suspensión de tu cuenta se mantiene.",
  appealUpheldAdvice:
    "Esta decisión es definitiva para esta suspensión. Una suspensión temporal termina igualmente en su fecha; puedes leer las normas que acepta cada miembro en los términos del servicio.",
  appealTermsAction: "Leer los términos del servicio",
  appealLiftedSubject: "Tu cuenta de Glimpse vuelve a estar abierta",
  appealLiftedBody: "Un administrador leyó tu apelación y levantó la suspensión de tu cuenta.",
  appealLiftedAdvice:
    "Ya puedes volver a iniciar sesión con tu nombre de usuario o correo y tu contraseña.",
  holdPlacedSubject: "Tu cuenta de Glimpse está en revisión",
  holdPlacedBody:
    "Tras un aviso de seguridad, tu cuenta está en espera mientras un administrador la revisa. Hasta entonces no puedes buscar ni ser emparejado; aún puedes iniciar sesión, ver tu perfil y eliminar tu cuenta.",
  holdPlacedAdvice:
    "Si crees que es un error, puedes enviar una apelación desde tu página de perfil. La respuesta llega por correo.",
  holdProfileAction: "Abrir tu perfil",
  holdLiftedSubject: "Tu cuenta de Glimpse vuelve a estar abierta",
  holdLiftedBody: "Un administrador revisó tu cuenta y levantó la espera.",
  holdLiftedAdvice: "Ya puedes buscar y ser emparejado de nuevo.",
  holdUpheldBody:
    "Un administrador leyó tu apelación y decidió que la espera de tu cuenta sigue mientras continúa la revisión.",
} satisfies Translation<typeof en>;
