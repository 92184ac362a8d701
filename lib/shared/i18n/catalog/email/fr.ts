import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  greeting: "Bonjour {username},",
  greetingNoName: "Bonjour,",
  actionColon: " : ",
  verifySubject: "Confirmez votre adresse e-mail pour Glimpse",
  verifyBody:
    "Merci de confirmer que cette adresse e-mail est bien la vôtre pour débloquer toutes les fonctionnalités de Glimpse.",
  verifyIgnore: "Si vous n’avez pas créé de compte Glimpse, vous pouvez ignorer cet e-mail.",
  verifyAction: "Confirmer mon adresse e-mail",
  resetSubject: "Réinitialisez votre mot de passe Glimpse",
  resetBody:
    "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Glimpse. Le lien ci-dessous ne fonctionne qu’une seule fois, pendant une heure.",
  resetIgnore: "Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.",
  resetAction: "Choisir un nouveau mot de passe",
  changeSubject: "Confirmez votre nouvelle adresse e-mail pour Glimpse",
  changeBody:
    "Vous avez demandé à utiliser cette adresse pour votre compte Glimpse. Votre adresse e-mail sera modifiée dès que vous ouvrirez le lien ci-dessous. Il ne fonctionne qu’une seule fois, pendant une heure.",
  changeIgnore: "Si ce n’était pas vous, ignorez cet e-mail : rien ne sera modifié.",
  changeAction: "Utiliser cette adresse",
  attemptSubject: "Quelqu’un a tenté de s’inscrire sur Glimpse avec votre adresse e-mail",
  attemptBody:
    "Quelqu’un a tenté de créer un nouveau compte Glimpse avec cette adresse. Elle est déjà associée à votre compte : aucun nouveau compte n’a donc été créé.",
  attemptAdvice:
    "Si c’était vous, connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié. Sinon, vous pouvez ignorer cet e-mail : votre compte n’a pas été modifié.",
  inUseSubject: "Quelqu’un a tenté d’utiliser votre adresse e-mail sur Glimpse",
  inUseBody:
    "Quelqu’un a tenté d’utiliser cette adresse pour un compte Glimpse. Elle est déjà associée à un compte : rien n’a donc été modifié.",
  inUseAdvice:
    "Si c’était vous, connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié. Sinon, vous pouvez ignorer cet e-mail.",
  signIn: "Se connecter",
  newSignInSubject: "Une nouvelle connexion à votre compte Glimpse",
  newSignInBody:
    "Quelqu’un vient de se connecter à votre compte Glimpse depuis un navigateur jamais utilisé avec ce compte : {device}, le {time} UTC.",
  newSignInAdvice:
    "Si c’était vous, vous pouvez ignorer cet e-mail. Sinon, choisissez dès maintenant un nouveau mot de passe avec le lien ci-dessous : il fonctionne une fois et pendant une heure, et il déconnecte tous les appareils connectés à votre compte. Vous pouvez aussi voir vos appareils et les déconnecter depuis votre profil, sous Confidentialité et sécurité.",
  appealUpheldSubject: "Votre recours sur Glimpse a reçu une réponse",
  appealUpheldBody:
    "Un administrateur a lu votre recours et a décidé que le bannissement de votre compte est maintenu.",
  appealUpheldAdvice:
    "Cette décision est définitive pour ce bannissement. Un bannissement temporaire prend toujours fin à sa date ; vous pouvez lire les règles que chaque membre accepte dans les conditions d’utilisation.",
  appealTermsAction: "Lire les conditions d’utilisation",
  appealLiftedSubject: "Votre compte Glimpse est de nouveau ouvert",
  appealLiftedBody:
    "Un administrateur a lu votre recours et a levé le bannissement de votre compte.",
  appealLiftedAdvice:
    "Vous pouvez dès maintenant vous reconnecter avec votre nom d’utilisateur ou votre e-mail et votre mot de passe.",
  holdPlacedSubject: "Votre compte Glimpse est en cours d’examen",
  holdPlacedBody:
    "Après un signalement de sécurité, votre compte est suspendu le temps qu’un administrateur l’examine. D’ici là, vous ne pouvez ni chercher ni être mis en relation ; vous pouvez toujours vous connecter, voir votre profil et supprimer votre compte.",
  holdPlacedAdvice:
    "Si vous pensez qu’il s’agit d’une erreur, vous pouvez envoyer un recours depuis votre page de profil. La réponse arrive par e-mail.",
  holdProfileAction: "Ouvrir votre profil",
  holdLiftedSubject: "Votre compte Glimpse est de nouveau ouvert",
  holdLiftedBody: "Un administrateur a examiné votre compte et levé la suspension.",
  holdLiftedAdvice: "Vous pouvez de nouveau chercher et être mis en relation.",
  holdUpheldBody:
    "Un administrateur a lu votre recours et décidé que la suspension de votre compte reste en place pendant l’examen.",
} satisfies Translation<typeof en>;
