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
  pageNotFound: "Page introuvable",
  tooManyMinute: "Trop de tentatives. Veuillez patienter {minutes} minute, puis réessayer.",
  tooManyMinutes: "Trop de tentatives. Veuillez patienter {minutes} minutes, puis réessayer.",
  noMatchTitle: "Aucune correspondance trouvée",
  noMatchDescription: "Veuillez réessayer plus tard.",
  socketOnly: "Cette adresse n’accepte que les connexions WebSocket.",
  socketCrossSite: "Les sockets provenant d’autres sites ne sont pas autorisés.",
  locationNoNames: "Impossible d’obtenir le nom du lieu",
  locationUnavailable: "Position indisponible",
} satisfies Translation<typeof en>;
