import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  heading: "Choisissez votre formule",
  intro: "Sessions illimitées et qualité HD avec Premium.",
  success: "Paiement réussi ! Votre abonnement a été mis à niveau.",
  cancelled: "Paiement annulé. Vous pouvez réessayer à tout moment.",
  dismiss: "Fermer",
  updating: "Mise à jour de votre formule…",
  processing:
    "Votre paiement est en cours de traitement. Votre formule sera mise à jour dans un instant.",
  loadFailed: "Impossible de charger les offres d’abonnement. Veuillez réessayer.",
  retry: "Réessayer",
  usageTitle: "Votre formule",
  unlimited: "Sessions illimitées",
  renews: "Se renouvelle à minuit UTC",
  popular: "Populaire",
  current: "Formule actuelle",
  freePlan: "Formule gratuite",
  upgrade: "Choisir",
  upgrading: "Un instant...",
  signIn: "Connectez-vous pour vous abonner",
  change: "Changer de formule",
  manage: "Gérer l’abonnement",
  opening: "Ouverture...",
  paying:
    "Terminez le paiement dans la fenêtre Stripe. Cette page se mettra à jour quand vous la fermerez.",
  popupLoading: "Ouverture du paiement sécurisé…",
  seePlans: "voir les formules",
  whyTitle: "Pourquoi choisir Premium ?",
  cancelAnytime:
    "Résiliable à tout moment. Votre formule reste active jusqu’à la fin de la période payée.",

  notConfigured:
    "Stripe n’est pas encore configuré. Veuillez contacter le support pour activer les paiements.",
  failed: "Impossible de créer la session de paiement. Veuillez réessayer.",
  network: "Le paiement a échoué. Veuillez réessayer.",
  badTier: "Veuillez choisir la formule Basic, Plus ou VIP.",
  unreachable: "Le prestataire de paiement est injoignable. Aucun paiement n’a été prélevé.",
  noSubscription: "Vous n’avez pas encore d’abonnement à gérer.",
  alreadySubscribed:
    "Vous avez déjà un abonnement. Changez de formule dans le portail de facturation.",
  portalFailed: "Impossible d’ouvrir le portail de facturation. Veuillez réessayer.",
  popupBlocked: "Votre navigateur a bloqué la fenêtre de paiement. Ouvrez ce lien pour payer :",
  needsScript:
    "Les paiements s’ouvrent dans une fenêtre Stripe sécurisée, qui nécessite JavaScript. Veuillez l’activer.",
  notConfiguredDetails:
    "La formule {tier} ne peut pas être achetée tant que les paiements ne sont pas configurés.",
  webhookNotConfigured: "Les webhooks Stripe ne sont pas configurés sur ce serveur.",
  webhookBadSignature: "Signature Stripe invalide.",

  tierFree: "Gratuit",
  tierBasic: "Basic",
  tierPlus: "Plus",
  tierVip: "VIP",
  perMonth: "{price}/mois",
  moreFeatures: { one: "{count} autre fonctionnalité", other: "{count} autres fonctionnalités" },
  usageHeading: "Votre formule : {plan}",
  sessionsToday: "Sessions aujourd’hui : {used} sur {limit}",
  featureSessionsPerDay: {
    one: "{count} session POV par jour",
    other: "{count} sessions POV par jour",
  },
  featureUnlimited: "Sessions POV illimitées",
  featureFilters: "Filtres par lieu, hashtag et langue",
  featureFaceBlur: "Floutage des visages sur l’appareil",
  featureShield: "Bouclier de sécurité sur l’appareil",
  featureReactions: "Réactions emoji",
  featureClip: "Enregistreur de clips de 30 secondes",
  featureHd: "Vidéo en qualité HD",
  featureFirst: "Priorité lors des mises en relation",
  whyUnlimited: "Sessions POV illimitées, tous les jours",
  whyVip: "Les membres VIP sont mis en relation en priorité",

  sessionsLeft: {
    one: "Encore {count} session aujourd’hui",
    other: "Encore {count} sessions aujourd’hui",
  },
  noSessionsLeft: "Plus aucune session aujourd’hui",

  shareText:
    "Rejoignez-moi sur Glimpse : de la vidéo en direct, en vue subjective, avec des inconnus du monde entier.",
  shareTitle: "Invitation à Glimpse",
  mailSubject: "Rejoignez-moi sur Glimpse",
  yourCode: "Votre code",
  inviteLink: "Votre lien d’invitation",
  share: "Partager",
  copyLink: "Copier le lien",
  copied: "Copié !",
  linkCopied: "Lien d’invitation copié !",
  copyFailed: "Impossible de copier le lien",
  shareOnX: "Partager sur X",
  instagramCopied: "Lien d’invitation copié ! Collez-le dans votre story ou votre bio Instagram.",
  shareOn: "Partager sur",
  appX: "X / Twitter",
  appWhatsApp: "WhatsApp",
  appTelegram: "Telegram",
  appInstagram: "Instagram",
  email: "E-mail",

  viralPageTitle: "Inviter des amis",
  viralHeading: "Faites grandir Glimpse",
  inviteFriends: "Invitez vos amis",
  inviteEarn: {
    one: "Vous pouvez avoir jusqu’à {count} invitation non utilisée. Chaque ami qui s’inscrit " +
      "avec votre code et confirme son e-mail vous en rapporte une nouvelle.",
    other: "Vous pouvez avoir jusqu’à {count} invitations non utilisées. Chaque ami qui " +
      "s’inscrit avec votre code et confirme son e-mail vous en rapporte une nouvelle.",
  },
  inviteAllUsed: "Toutes vos invitations sont utilisées. Chaque ami qui s’inscrit avec votre " +
    "code et confirme son e-mail vous en rapporte une nouvelle.",
  youHaveUnused: {
    one: "Il vous reste {count} invitation.",
    other: "Il vous reste {count} invitations.",
  },
  invitationsUsed: "Invitations utilisées",
  deletedAccount: "un compte supprimé",
  joinedVerified: "inscrit, vérifié",
  joinedUnverified: "inscrit, e-mail pas encore vérifié",
  weeklyChallenges: "Défis de la semaine",
  creditedWeekly: "{period} : chaque récompense est créditée une fois par semaine.",
  challengeFriends: { one: "Invitez {count} ami", other: "Invitez {count} amis" },
  challengeSessions: {
    one: "Terminez {count} session POV",
    other: "Terminez {count} sessions POV",
  },
  challengeCountries: {
    one: "Rencontrez des gens de {count} pays",
    other: "Rencontrez des gens de {count} pays",
  },
  rewardPoints: { one: "+{count} point", other: "+{count} points" },
  rewardBadge: "Badge Globe-trotter",
  rewardCredited: "terminé, récompense créditée",
  globalLeaderboard: "Classement mondial",
  seeAll: "Tout voir",
  youAreRank: "{period} : vous êtes n° {rank} sur {ranked}.",
  earnToJoin: "{period} : gagnez des points pour entrer au classement.",
  yourImpact: "Votre impact",
  rank: "Rang",
  points: "Points",
  referrals: "Parrainages",
  povSessions: "Sessions POV",
  countriesMet: "Pays rencontrés",
  badges: "Badges Globe-trotter",
  weekSummary: "{period} : {points}, rang {rank}.",
  howPointsWork: "Comment gagner des points",
  ruleFriend: {
    one: "{count} point pour chaque ami qui s’inscrit avec votre code et confirme son e-mail",
    other: "{count} points pour chaque ami qui s’inscrit avec votre code et confirme son e-mail",
  },
  ruleSession: {
    one: "{count} point pour chaque session POV terminée (un appel qui a abouti et duré " +
      "{seconds} s ou plus ; jusqu’à {perDay} par jour avec la même personne)",
    other: "{count} points pour chaque session POV terminée (un appel qui a abouti et duré " +
      "{seconds} s ou plus ; jusqu’à {perDay} par jour avec la même personne)",
  },
  ruleCountry: {
    one: "{count} point pour chaque pays où vous rencontrez quelqu’un pour la première fois " +
      "(sur deux ans)",
    other: "{count} points pour chaque pays où vous rencontrez quelqu’un pour la première fois " +
      "(sur deux ans)",
  },

  periodWeek: "Cette semaine",
  periodMonth: "Ce mois-ci",
  periodAll: "Depuis le début",
  periodNote: "La semaine va du lundi au dimanche (semaines ISO) et le mois est le mois civil, " +
    "tous deux en UTC. Chaque période compte ce qui s’y est passé ; « Depuis le début » compte " +
    "tout.",

  rankOf: "n° {rank} sur {ranked}",
  pointsCount: { one: "{count} point", other: "{count} points" },
  referralsCount: { one: "{count} parrainage", other: "{count} parrainages" },
  membersCount: { one: "{count} membre", other: "{count} membres" },
  formerMember: "ancien membre",
  unknownCountry: "Inconnu",

  leaderboard: "Classement",
  members: "Membres",
  onlineNow: "En ligne",
  countries: "Pays",
  period: "Période",
  topReferrers: "Meilleurs parrains",
  nobodyYet: "Personne n’a encore gagné de points sur cette période.",
  countriesNote: "Membres par pays indiqué sur leur profil aujourd’hui.",
  noLocations: "Aucun membre n’a encore partagé sa position.",
  weeklyPrizes: "Prix de la semaine",
  topTen: "Top 10",
  prizeCashPremium: "{cash} et {duration} de Premium",
  months: { one: "{count} mois", other: "{count} mois" },
  years: { one: "{count} an", other: "{count} ans" },
  prizeMerch: "Produits dérivés Glimpse",
  climbUp: "Grimpez au classement",
} satisfies Translation<typeof en>;
