import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  yourProfile: "Votre profil",
  filtersTitle: "Modifier vos filtres",

  sections: "Sections du profil",
  tabProfile: "Profil",
  tabPrivacy: "Confidentialité et sécurité",

  username: "Nom d’utilisateur",
  email: "E-mail",
  displayName: "Nom affiché",
  bio: "Bio",
  saving: "Enregistrement…",
  saveProfile: "Enregistrer le profil",
  saved: "Enregistré",
  profileUpdated: "Profil mis à jour",
  updateFailed: "Impossible de mettre à jour le profil. Veuillez réessayer.",

  country: "Pays",
  city: "Ville",
  locating: "Localisation…",
  useMyLocation: "Utiliser ma position actuelle",
  locationNote:
    "Votre position exacte ne quitte jamais notre serveur : nous ne gardons que la ville, le pays et une zone d’environ 2 km.",
  locationUpdated: "Position mise à jour",
  geoUnsupported: "La géolocalisation n’est pas prise en charge",
  geoDenied: "Accès à la position refusé",
  geoUnavailable: "Position indisponible",
  geoTimeout: "La demande de position a pris trop de temps",
  geoNoNames: "Aucun nom de lieu trouvé pour cette position",
  geoNamesFailed: "Impossible d’obtenir le nom du lieu",
  geoFailed: "Impossible d’obtenir votre position",

  avatarAlt: "Votre photo de profil",
  changeAvatar: "Changer de photo",
  notImage: "Veuillez choisir un fichier image.",
  avatarFailed: "Impossible de mettre à jour votre photo de profil. Veuillez réessayer.",

  privacy: "Confidentialité",
  faceBlur: "Flouter les visages",
  faceBlurHelp:
    "Floute, sur votre appareil, chaque visage détecté dans la vidéo que vous envoyez et dans vos clips. Tant que la détection n’est pas prête, la zone où se trouvent habituellement les visages est pixelisée à la place. Les visages petits, lointains, de dos ou en partie cachés peuvent échapper à la détection. Désactivé, votre vidéo est envoyée telle qu’elle est filmée.",
  safetyShield: "Bouclier de sécurité",
  safetyShieldHelp:
    "La vidéo de votre interlocuteur reste floutée jusqu’à ce qu’une vérification sur votre appareil la juge sûre, et elle est floutée à nouveau si elle peut contenir de la nudité. Aucune image ne quitte votre appareil. La vérification peut se tromper dans les deux sens ; vous pouvez toujours mettre fin à une session et la signaler.",
  hideIp: "Masquer mon adresse IP à mes interlocuteurs",
  hideIpHelp:
    "Vos appels passent par notre serveur relais : vos interlocuteurs voient son adresse au lieu de la vôtre. Un appel relayé peut mettre un peu plus de temps à démarrer. Le relais transmet votre audio et votre vidéo chiffrés : il ne peut ni les voir ni les entendre. Désactivé, le navigateur de votre interlocuteur peut voir votre adresse IP, qui indique à peu près où vous êtes et quel est votre fournisseur d’accès.",
  hideIpUnavailable:
    "Aucun serveur relais n’est configuré sur ce site : les appels ne peuvent donc pas masquer votre adresse.",
  hideIpAlways:
    "Ce site fait passer chaque appel par son serveur relais : vos interlocuteurs ne voient jamais votre adresse. Un appel relayé peut mettre un peu plus de temps à démarrer ; le relais ne transmet que de l’audio et de la vidéo chiffrés.",
  hideIpNetworkHidden:
    "Un serveur relais a répondu : vos appels passent par lui, vos interlocuteurs voient donc son adresse et non la vôtre (Masquer mon adresse IP est activé). Un appel relayé peut mettre un peu plus de temps à démarrer ; le relais ne transmet que de l’audio et de la vidéo chiffrés.",
  hideIpNetworkUnreachable:
    "Aucun serveur relais joignable : les appels ne peuvent pas aboutir tant que Masquer mon adresse IP est activé (onglet Confidentialité de votre profil), car ils passent uniquement par le relais.",
  hideLocation: "Masquer ma position exacte",
  hideLocationHelp: "Vos interlocuteurs ne voient que votre pays, pas votre ville.",
  notifications: "Notifications",
  notificationsHelp:
    "Les e-mails sur votre compte et vos invitations, et les notifications de ce navigateur quand des membres correspondant à vos filtres cherchent.",

  changePassword: "Changer de mot de passe",
  updating: "Mise à jour…",
  updatePassword: "Mettre à jour le mot de passe",
  passwordFailed: "Impossible de mettre à jour le mot de passe. Veuillez réessayer.",

  deleteAccount: "Supprimer le compte",
  deleteNote:
    "Vous êtes déconnecté partout à la fois, et votre nom d’utilisateur et votre adresse e-mail redeviennent disponibles. Vos données personnelles sont supprimées sous 30 jours.",
  deleteConfirm:
    "Voulez-vous vraiment supprimer votre compte ? Vous serez déconnecté et cette action est irréversible.",
  deleteFailed: "Impossible de supprimer le compte. Veuillez réessayer.",

  where: "Où",
  locationPreference: "Préférence de lieu",
  global: "Monde entier",
  continent: "Continent",
  nearby: "À proximité",
  helpGlobal: "Rencontrez des gens du monde entier",
  helpPlace: "Rencontrez des gens du lieu choisi",
  helpCity: "Rencontrez des gens de votre ville",
  helpNearby: "Rencontrez des gens dans un rayon de 25 km",
  widenAutomatically: "Élargir automatiquement quand personne n’est à proximité",
  widenAutomaticallyHelp:
    "Si votre filtre ne laisse personne à rencontrer, ou si 10 secondes passent sans correspondance alors qu’un filtre plus large trouverait quelqu’un, la recherche s’élargit d’elle-même, pas à pas : une ville ou à proximité vers son pays, puis son continent, puis tout le monde. Le filtre enregistré ici ne change pas.",

  language: "Langue",
  languagePreference: "Langue préférée",
  anyLanguage: "Toutes les langues",

  hashtags: "Hashtags",
  addHashtag: "Ajouter un hashtag",
  add: "Ajouter",
  hashtagHint: "Lettres, chiffres et _, jusqu’à {length} caractères ; {max} hashtags au maximum.",
  quickAdd: "Ajout rapide :",
  yourHashtags: "Vos hashtags",
  removeHashtag: "Retirer #{tag}",
  cancel: "Annuler",
  save: "Enregistrer",

  filtersSaved: "Filtres enregistrés",
  filtersSavedDescription: "Vos préférences de filtres ont été mises à jour.",
  saveError: "Erreur lors de l’enregistrement des filtres",
  saveErrorDescription:
    "Un problème est survenu lors de l’enregistrement de vos filtres. Veuillez réessayer.",
  badHashtag:
    "Les hashtags se composent de lettres, de chiffres et de _ ({max} caractères au maximum).",
  tooManyHashtags: "Choisissez {max} hashtags au maximum.",
  badCountry: "Veuillez choisir un pays dans la liste.",
  badContinent: "Veuillez choisir un continent dans la liste.",
  badPreference: "Veuillez choisir monde entier, continent, pays, ville ou à proximité.",
  badLanguage:
    "Veuillez choisir toutes les langues ou l’une de celles-ci : anglais, espagnol, français, allemand, chinois, japonais.",
  badAgeRange: "La tranche d’âge doit aller du plus bas au plus haut.",

  devicesTitle: "Vos appareils",
  devicesNote:
    "Les navigateurs connectés à votre compte. Un lieu n’apparaît que pour un appareil qui a partagé sa propre position ; la dernière activité est mise à jour toutes les quelques minutes.",
  deviceOn: "{browser} sur {system}",
  deviceBrowserOn: "Un navigateur sur {system}",
  deviceUnknown: "Navigateur inconnu",
  thisDevice: "Cet appareil",
  deviceNear: "Près de {city}",
  activeRecently: "Actif ces {minutes} dernières minutes",
  lastActive: "Dernière activité {when}",
  signedInAt: "Connecté le {date}",
  signOutDevice: "Déconnecter",
  signOutDeviceLabel: "Déconnecter {device}",
  signOutOthers: "Déconnecter tous les autres appareils",
  signingOut: "Déconnexion...",
  noOtherDevices: "Aucun autre appareil n’est connecté.",
  deviceSignedOut: "Appareil déconnecté",
  othersSignedOut: "Tous vos autres appareils sont déconnectés.",
  devicesFailed: "Impossible de déconnecter l’appareil. Veuillez réessayer.",
  deviceBadId: "Ce n’est pas un identifiant d’appareil.",
  deviceNotFound: "Cet appareil n’est pas connecté.",
  deviceIsCurrent: "C’est l’appareil que vous utilisez. Pour le déconnecter, utilisez Déconnexion.",

  // Passkeys (the Privacy & Security tab; the passkey API's messages are pk*).
  passkeysTitle: "Clés d'accès",
  passkeysNote:
    "Connectez-vous avec votre empreinte, votre visage ou le verrouillage de l'écran au lieu d'un mot de passe. Une clé d'accès reste sur votre appareil ou dans votre gestionnaire de mots de passe.",
  addPasskey: "Ajouter une clé d'accès",
  addingPasskey: "En attente de votre clé d'accès...",
  noPasskeys: "Vous n'avez pas encore de clé d'accès.",
  passkeyAdded: "Ajoutée le {date}",
  passkeyLastUsed: "Dernière utilisation {when}",
  passkeyNeverUsed: "Pas encore utilisée",
  passkeyNameLabel: "Nom de la clé d'accès",
  renamePasskey: "Renommer",
  renamePasskeyLabel: "Renommer {name}",
  savePasskeyName: "Enregistrer",
  cancelRename: "Annuler",
  removePasskey: "Supprimer",
  removePasskeyLabel: "Supprimer {name}",
  passkeysFailed: "La clé d'accès n'a pas pu être modifiée",
  passkeysUnsupported: "Ce navigateur ne peut pas utiliser de clés d'accès.",
  removePassword: "Supprimer le mot de passe",
  removePasswordNote:
    "Avec une clé d'accès et une adresse e-mail vérifiée, vous pouvez vous connecter sans mot de passe. Si vous perdez vos clés d'accès, Mot de passe oublié ? sur la page de connexion en crée un nouveau.",
  removePasswordConfirm: "Oui, supprimer mon mot de passe",
  removingPassword: "Suppression...",
  noPasswordNote:
    "Votre compte n'a pas de mot de passe : vous vous connectez avec une clé d'accès. Pour en définir un, utilisez Mot de passe oublié ? sur la page de connexion.",
  pkAdded: "Clé d'accès ajoutée",
  pkRenamed: "Clé d'accès renommée",
  pkRemoved: "Clé d'accès supprimée",
  pkRemovedLastFactor:
    "Clé d’accès retirée. Vous n’avez plus de second facteur : les pages d’administration vous demanderont d’en configurer un.",
  pkPasswordRemoved: "Mot de passe supprimé. Connectez-vous désormais avec votre clé d'accès.",
  pkChallengeInvalid:
    "Cette demande de clé d'accès a expiré ou a déjà été utilisée. Veuillez réessayer.",
  pkNotVerified: "Cette clé d'accès n'a pas pu être vérifiée. Veuillez réessayer.",
  pkWrongSite:
    "Cette réponse de clé d'accès a été faite pour un autre site. Ouvrez Glimpse à sa propre adresse et réessayez.",
  pkUnknown: "Cette clé d'accès n'est enregistrée pour aucun compte Glimpse.",
  pkAlreadyAdded: "Cette clé d'accès est déjà ajoutée à votre compte.",
  pkTooMany:
    "Vous pouvez garder au plus {max} clés d'accès. Supprimez-en une pour en ajouter une autre.",
  pkNotFound: "Cette clé d'accès n'est pas sur votre compte.",
  pkBadName: "Donnez à la clé d'accès un nom de 1 à {max} caractères.",
  pkLastPasskey:
    "Vous n'avez pas de mot de passe : cette clé d'accès est votre seul moyen de vous connecter. Définissez d'abord un mot de passe (Mot de passe oublié ? sur la page de connexion).",
  pkNeedsPasskey: "Ajoutez une clé d'accès avant de supprimer votre mot de passe.",
  pkNeedsVerifiedEmail:
    "Vérifiez votre adresse e-mail avant de supprimer votre mot de passe : c'est par elle que vous récupérez l'accès.",
  pkNoPassword: "Votre compte n'a pas de mot de passe.",
} satisfies Translation<typeof en>;
