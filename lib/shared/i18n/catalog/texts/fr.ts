import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  invalidBody: "Contenu de la requête non valide",
  invalidQuery: "Requête non valide",
  notFound: "Introuvable",
  notAuthenticated: "Vous n’êtes pas connecté",
  tooLarge: "La requête est trop volumineuse.",
  crossSite: "Les requêtes provenant d’autres sites ne sont pas autorisées.",
  methodNotAllowed: "Cette méthode n’est pas autorisée.",
  bodyNotAllowed: "Une requête GET ou HEAD ne peut pas avoir de contenu.",
  addressTooLong: "L’adresse est trop longue.",
  failed: "Un problème est survenu. Veuillez réessayer.",
  failedWithReference: "Un problème est survenu. Veuillez réessayer. (Référence : {reference})",
  storageRefused:
    "Rien n’a été enregistré : Glimpse ne peut pas enregistrer de modifications pour le moment. Veuillez réessayer dans un instant.",
  pageNotFound: "Page introuvable",
  tooMany: {
    one: "Trop de tentatives. Veuillez patienter {minutes} minute, puis réessayer.",
    other: "Trop de tentatives. Veuillez patienter {minutes} minutes, puis réessayer.",
  },
  noMatchTitle: "Aucune correspondance trouvée",
  noMatchDescription: "Veuillez réessayer plus tard.",
  socketOnly: "Cette adresse n’accepte que les connexions WebSocket.",
  socketCrossSite: "Les sockets provenant d’autres sites ne sont pas autorisés.",
  locationNoNames: "Impossible d’obtenir le nom du lieu",
  locationUnavailable: "Position indisponible",
  rt_too_large: "Message trop volumineux",
  rt_malformed: "Message mal formé",
  rt_unknown_type: "Type de message inconnu",
  rt_not_in_match: "Vous n’êtes pas dans une session en direct",
  rt_not_your_partner: "Les signaux ne vont qu’à votre interlocuteur",
  rt_bad_reaction: "Réaction inconnue",
  rt_not_registered: "Inscrivez-vous d’abord",
  rt_not_searching: "Vous n’avez aucune recherche en cours à élargir.",
  rt_bad_widen: "Ce n’est pas un filtre plus large pour cette recherche.",
  push_title: "Quelqu’un est là",
  push_badSubscription: "Ce n’est pas un abonnement push du service push d’un navigateur.",
  push_noSubscription: "Ce navigateur n’est pas réglé pour vous prévenir.",
  push_body:
    "Des membres qui correspondent à vos filtres cherchent en ce moment. Touchez pour chercher.",
} satisfies Translation<typeof en>;
