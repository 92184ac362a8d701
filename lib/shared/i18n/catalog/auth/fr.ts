import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  pageTitle: "Connexion ou inscription",
  tabsLabel: "Connexion ou inscription",
  tabLogin: "Connexion",
  tabRegister: "Inscription",
  signedInTitle: "Connexion réussie",
  signedInRedirect: "Redirection vers Glimpse…",
  checkInbox: "Consultez votre boîte mail",
  backToLogin: "Retour à la connexion",
  signIn: "Se connecter",
  forgotSent:
    "Si un compte existe pour cette adresse e-mail, un lien pour réinitialiser votre mot de passe est en route. Il ne fonctionne qu’une fois et pendant une heure.",
  registrationSent:
    "Nous avons envoyé un lien à {email}. Ouvrez-le sur cet appareil pour finaliser la création de votre compte.",
  resetDone:
    "Votre nouveau mot de passe est enregistré. Vos autres appareils ont tous été déconnectés.",
  welcome: "Bienvenue sur Glimpse !",
  welcomeNamed: "Bienvenue sur Glimpse, {username} !",
  welcomeText:
    "Nous vous avons envoyé un e-mail pour vérifier votre adresse. Glimpse fonctionne uniquement sur invitation : partagez la vôtre avec un ami.",
  startExploring: "Commencer à explorer",

  loginTitle: "Bon retour parmi nous",
  identifierLabel: "Nom d’utilisateur ou e-mail",
  passwordLabel: "Mot de passe",
  loggingIn: "Connexion…",
  loginButton: "Se connecter",
  forgotLink: "Mot de passe oublié ?",
  registerTitle: "Rejoindre avec une invitation",
  usernameLabel: "Nom d’utilisateur",
  emailLabel: "E-mail",
  invitationLabel: "Code d’invitation",
  ageConfirm: "J’ai 18 ans ou plus et j’accepte les {terms}",
  creatingAccount: "Création du compte…",
  createAccount: "Créer un compte",
  forgotTitle: "Mot de passe oublié ?",
  forgotIntro:
    "Saisissez votre adresse e-mail et nous vous enverrons un lien pour définir un nouveau mot de passe.",
  sending: "Envoi…",
  sendResetLink: "Envoyer le lien",
  resetTitle: "Nouveau mot de passe",
  saving: "Enregistrement…",
  setNewPassword: "Enregistrer",
  newPasswordLabel: "Nouveau mot de passe",
  confirmPasswordLabel: "Confirmer le nouveau mot de passe",
  showPassword: "Afficher le mot de passe",
  hidePassword: "Masquer le mot de passe",

  verifyRegion: "Vérification de l’e-mail",
  verifyBanner: "Vérifiez votre adresse e-mail {email} pour débloquer toutes les fonctionnalités.",

  verifyResend: "Renvoyer",
  verifySending: "Envoi…",
  verifySent: "E-mail de vérification envoyé",
  verifySentDescription:
    "Cherchez le lien de vérification dans votre boîte de réception (et dans les spams).",
  verifyFailed: "Erreur lors de l’envoi de l’e-mail",
  verifyFailedDefault:
    "Impossible d’envoyer l’e-mail de vérification. Veuillez réessayer plus tard.",

  loginMissing: "Veuillez saisir votre nom d’utilisateur ou e-mail et votre mot de passe",
  fillAll: "Veuillez remplir tous les champs",
  invalidEmail: "Veuillez saisir une adresse e-mail valide",
  shortPassword: "Le mot de passe doit contenir au moins {min} caractères",
  longPassword: "Le mot de passe doit contenir au plus {max} caractères",
  ageRequired: "Vous devez avoir 18 ans ou plus et accepter les Conditions d’utilisation",
  badUsername:
    "Le nom d’utilisateur doit contenir de {min} à {max} caractères : lettres minuscules, chiffres ou _",
  emailRequired: "Veuillez saisir votre adresse e-mail",
  passwordsDiffer: "Les nouveaux mots de passe ne correspondent pas",
  loginFailed: "Échec de la connexion",
  loginFailedDefault: "Vérifiez vos identifiants et réessayez",
  registrationFailed: "Échec de l’inscription",
  registrationFailedDefault: "Essayez un autre nom d’utilisateur ou une autre adresse e-mail",
  loggedIn: "Connexion réussie",
  loggedOut: "Déconnexion réussie",
  passwordUpdated: "Mot de passe mis à jour",
  networkError: "Erreur réseau. Vérifiez votre connexion et réessayez.",
  resetFailed:
    "Ce lien de réinitialisation n’est pas valide ou a expiré. Veuillez en demander un nouveau.",
  usernameTaken: "Ce nom d’utilisateur est déjà pris",
  emailTaken: "Cette adresse e-mail est déjà enregistrée",
  invalidInvitation: "Code d’invitation invalide ou déjà utilisé",
  wrongCurrentPassword: "Le mot de passe actuel est incorrect",

  hintUsername: "{min} à {max} caractères : lettres minuscules, chiffres ou _",
  hintPassword: "Au moins {min} caractères",
  hintEmail: "Nous enverrons un lien à cette adresse pour la vérifier.",

  longDisplayName: "Le nom affiché doit contenir au plus {max} caractères",
  longBio: "La bio doit contenir au plus {max} caractères",
  locationRequired: "Le pays et la ville sont nécessaires pour les rencontres à proximité",
  longLocation: "La ville et le pays doivent contenir au plus {max} caractères au total",

  currentPasswordLabel: "Mot de passe actuel",
  currentPasswordHelp: "Pour changer d’adresse e-mail, saisissez votre mot de passe actuel.",
  currentPasswordRequired:
    "Veuillez saisir votre mot de passe actuel pour changer d’adresse e-mail.",
  emailChangeSent:
    "Nous avons envoyé un lien de confirmation à {email}. Votre adresse e-mail changera dès que vous l’ouvrirez.",
  emailChanged: "Adresse e-mail modifiée",
  emailChangedDescription: "Votre adresse e-mail est désormais {email}.",
  emailChangeFailed: "Échec du changement d’adresse e-mail",
  emailChangeLinkInvalid:
    "Ce lien de confirmation n’est pas valide ou a expiré. Veuillez recommencer le changement d’adresse e-mail.",
  emailUnavailable: "Cette adresse e-mail n’est plus disponible. Veuillez en choisir une autre.",

  badCredentials: "Nom d’utilisateur, e-mail ou mot de passe incorrect",
  alreadyVerified: "Votre adresse e-mail est déjà vérifiée",
  notLoggedIn: "Utilisateur non connecté",
  notAuthenticated: "Non connecté",
  signInToVerify: "Veuillez vous connecter pour vérifier votre adresse e-mail.",
  verifyLinkInvalid: "Ce lien de vérification n’est pas valide ou a expiré.",
  forgotResponse:
    "Si un compte existe pour cette adresse e-mail, nous vous avons envoyé un lien pour réinitialiser votre mot de passe. Il ne fonctionne qu’une fois et pendant une heure.",
  forgotAccepted:
    "Si un compte existe pour cette adresse e-mail, nous vous avons envoyé un lien pour réinitialiser votre mot de passe.",
  welcomeBack: "Bon retour parmi nous !",
  serverBusy: "Le serveur est occupé. Veuillez réessayer dans quelques secondes.",

  verificationFailed: "Échec de la vérification",
  emailVerified: "Adresse e-mail vérifiée",
  emailVerifiedText:
    "Merci, {username} : toutes les fonctionnalités de Glimpse vous sont désormais ouvertes.",

  unsupportedLanguage: "Langue non prise en charge",
  avatarByButton: "Veuillez importer votre photo avec le bouton de la photo de profil.",
  avatarTooLarge: "Veuillez choisir une image plus petite (60 Ko maximum après redimensionnement).",
  accountDeleted: "Compte supprimé",
  accountDeletedText:
    "Vous avez été déconnecté. Vos données personnelles seront supprimées sous 30 jours.",
  accountDeletedMessage: "Votre compte a été supprimé.",
  // Appeals of bans.
  appealTitle: "Contester ce bannissement",
  appealIntro:
    "Si vous pensez que ce bannissement est une erreur, expliquez pourquoi à un administrateur. Vous pouvez envoyer un recours pour ce bannissement ; la réponse arrive par e-mail.",
  appealLabel: "Votre recours",
  appealCount: "{count} sur {max} caractères",
  appealSend: "Envoyer le recours",
  appealSending: "Envoi...",
  appealRequired: "Veuillez rédiger votre recours.",
  appealTooLong: "Votre recours doit compter au plus 1000 caractères.",
  appealFailed: "Votre recours n’a pas pu être envoyé. Veuillez réessayer.",
  appealSentTitle: "Recours envoyé",
  appealSentNotice: "Un administrateur le lira et vous répondra par e-mail.",
  appealUpheldNotice: "Un administrateur y a répondu : le bannissement est maintenu.",
  appealAlreadySent:
    "Vous avez déjà envoyé un recours pour ce bannissement. Un administrateur y répondra par e-mail.",
  appealNoPass: "Reconnectez-vous avec votre mot de passe pour envoyer un recours.",
  appealNotBanned: "Votre compte n’est pas banni : il n’y a rien à contester.",

  // Passkey sign-in (components/auth/PasskeySignIn.tsx).
  passkeySignIn: "Se connecter avec une clé d'accès",
  passkeyWaiting: "En attente de votre clé d'accès...",
  passkeyFailed: "Échec de la connexion par clé d'accès",
  passkeyCancelled: "La demande de clé d'accès a été annulée ou a expiré.",
  orDivider: "ou",
  appealAlreadySentHold:
    "Vous avez déjà envoyé un recours pour cette suspension. Un administrateur y répondra par e-mail.",
  appealHoldTitle: "Contester cette suspension",
  appealHoldIntro:
    "Si vous pensez qu’il s’agit d’une erreur, expliquez pourquoi à un administrateur. Vous pouvez envoyer un recours pour cette suspension ; la réponse arrive par e-mail.",
  appealHoldUpheldNotice:
    "Un administrateur a répondu : la suspension reste en place pour l’instant.",
  holdNoticeTitle: "Votre compte est en cours d’examen",
  holdNoticeText:
    "Après un signalement de sécurité, votre compte est suspendu le temps qu’un administrateur l’examine. D’ici là, vous ne pouvez ni chercher ni être mis en relation ; vous pouvez toujours utiliser votre profil et supprimer votre compte.",
} satisfies Translation<typeof en>;
