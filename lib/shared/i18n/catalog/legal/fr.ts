import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  lastUpdated: "Dernière mise à jour : {date}",
  translationNotice:
    "Ceci est une traduction ; en cas de divergence avec la version anglaise, la version anglaise prévaut.",

  // Conditions d’utilisation
  termsAcceptanceTitle: "1. Acceptation des Conditions",
  termsAcceptance1:
    "Les présentes Conditions d’utilisation (les « Conditions ») constituent un accord entre vous et {operatorName}, {operatorAddress} (« nous », « notre », « nos »), l’exploitant de Glimpse (le « Service »). Elles s’appliquent chaque fois que vous consultez ou utilisez le Service, sur n’importe quel appareil.",
  termsAcceptance2:
    "En créant un compte, ou en utilisant le Service de toute autre manière, vous confirmez avoir lu et compris les présentes Conditions et les accepter. Si vous ne les acceptez pas, veuillez ne pas utiliser le Service.",
  termsAcceptance3:
    "Notre <link>Politique de confidentialité</link> explique comment nous traitons vos données personnelles et doit être lue avec les présentes Conditions.",

  termsServiceTitle: "2. Le Service",
  termsService1:
    "Glimpse met en relation deux adultes connectés qui ne se connaissent pas pour un court appel vidéo et audio en direct, en vue subjective (POV). Chaque appel dure au maximum 30 secondes et utilise normalement la caméra arrière, afin que vous montriez à votre interlocuteur ce qui vous entoure plutôt que votre visage.",
  termsServiceIncludes: "Le Service comprend :",
  termsServiceFilters:
    "des filtres de mise en relation selon la localisation, les hashtags et la langue ;",
  termsServiceReactions: "des réactions emoji pendant l’appel et un court résumé à la fin ;",
  termsServiceFaceBlur:
    "le floutage des visages, activé par défaut, qui floute sur votre propre appareil les visages qu’il détecte dans la vidéo que vous envoyez et dans les clips que vous enregistrez ;",
  termsServiceShield:
    "le bouclier de sécurité, activé par défaut, qui sur votre propre appareil garde floue la vidéo de votre interlocuteur jusqu’à ce qu’elle soit vérifiée, et la floute de nouveau, avec un avertissement, si elle peut contenir de la nudité ;",
  termsServiceRecorder:
    "un enregistreur de clips qui enregistre jusqu’à 30 secondes sur votre propre appareil, que vous pouvez ensuite télécharger ou partager vous-même ;",
  termsServiceTools:
    "des outils de signalement et de blocage, des codes d’invitation, ainsi que des pages de parrainage et de classement ;",
  termsServicePlans:
    "une formule gratuite et des formules payantes (Basic, Plus et VIP) offrant des limites plus élevées et davantage de fonctionnalités.",
  termsService2:
    "Les appels sont établis directement entre les deux appareils (pair à pair) et sont chiffrés. Nous n’enregistrons ni ne conservons la vidéo ou l’audio d’aucun appel. Votre interlocuteur ne voit qu’une indication approximative de localisation, comme « Ville, Pays », jamais votre position exacte.",
  termsService3:
    "Les formules payantes sont facturées chaque mois par l’intermédiaire de notre prestataire de paiement, Stripe, au prix affiché sur la page des abonnements avant votre confirmation. Vous pouvez résilier à tout moment ; les fonctionnalités payantes restent alors actives jusqu’à la fin de la période déjà payée. Si vous êtes un consommateur dans l’Union européenne, vous pouvez vous rétracter d’une formule payante dans les 14 jours suivant l’achat, sans avoir à vous justifier, en écrivant à {support}. Si vous nous avez demandé d’activer immédiatement les fonctionnalités payantes, nous pouvons conserver un montant proportionnel au service déjà fourni.",

  termsEligibilityTitle: "3. Conditions d’accès et votre compte",
  termsEligibility1:
    "Vous devez avoir au moins 18 ans pour créer un compte ou utiliser le Service. En vous inscrivant, vous confirmez avoir 18 ans ou plus et que les informations que vous nous fournissez sont exactes et complètes. Veuillez les tenir à jour dans votre Profil.",
  termsEligibilityAgree:
    "Glimpse est accessible uniquement sur invitation. En détenant un compte, vous vous engagez à ce que :",
  termsEligibilityInvite:
    "vous vous soyez inscrit avec un code d’invitation valide et n’achetiez ni ne vendiez d’invitations ;",
  termsEligibilityOneAccount: "vous n’ayez qu’un seul compte, réservé à votre usage personnel ;",
  termsEligibilityPassword:
    "vous gardiez votre mot de passe secret, ne partagiez pas votre compte et ne laissiez personne d’autre s’y connecter ;",
  termsEligibilityEmail: "vous vérifiiez votre adresse e-mail lorsque nous vous le demandons ;",
  termsEligibilityAccess:
    "vous nous préveniez sans délai à {support} si vous pensez que quelqu’un d’autre a accédé à votre compte.",
  termsEligibility2:
    "Vous êtes responsable de ce qui se passe via votre compte, sauf si cela résulte d’une défaillance de notre part ou survient après que vous nous avez signalé que votre compte a été compromis.",

  termsUseTitle: "4. Utilisation acceptable",
  termsUseIntro:
    "Glimpse ne fonctionne que si chacun peut être sûr que la personne en face se comportera correctement. Lorsque vous utilisez le Service, vous ne devez pas :",
  termsUseSexual: "montrer de la nudité, des actes sexuels ou tout autre contenu sexuel ;",
  termsUseHarass:
    "harceler, brimer, menacer, insulter ou intimider qui que ce soit, ni inciter à la haine ou à la violence ;",
  termsUseIllegal: "faire, montrer, préparer ou encourager quoi que ce soit d’illégal ;",
  termsUseFilming:
    "filmer des personnes qui n’ont pas accepté d’être filmées, en particulier dans des lieux privés comme les logements, salles de bains, vestiaires ou établissements de santé ;",
  termsUseRecording:
    "enregistrer, capturer ou partager la vidéo ou l’audio d’un autre membre sans son consentement clair, que ce soit avec l’enregistreur de clips ou par tout autre moyen ;",
  termsUseMinors:
    "impliquer, montrer ou cibler de quelque manière que ce soit une personne de moins de 18 ans, ni utiliser le Service si vous avez vous-même moins de 18 ans ;",
  termsUseImpersonate:
    "vous faire passer pour une autre personne ou organisation, ni mentir sur votre identité ;",
  termsUseSpam:
    "envoyer du spam, de la publicité, des arnaques ou des messages commerciaux non sollicités ;",
  termsUseCircumvent:
    "contourner nos limites, blocages, bannissements, règles d’âge, mesures de paiement ou de sécurité, par exemple en créant de nouveaux comptes ou en utilisant des outils automatisés ;",
  termsUseInterfere:
    "perturber le Service ou ses utilisateurs, attaquer nos systèmes, ou accéder à des comptes ou des données qui ne sont pas les vôtres.",
  termsUse2:
    "Le floutage des visages aide à protéger les personnes que vous filmez, mais il fonctionne mieux sur les visages proches et tournés vers la caméra, et peut manquer des visages petits, éloignés, détournés ou partiellement cachés ; si vous le désactivez, votre vidéo est envoyée telle qu’elle est filmée. Vous restez responsable de ce que montre votre caméra : ne la pointez donc pas vers des personnes qui n’ont pas accepté d’apparaître. Les clips que vous enregistrez restent sur votre appareil : avant d’en partager un, assurez-vous d’avoir le consentement de toutes les personnes identifiables et que ce partage est licite.",

  termsIpTitle: "5. Propriété intellectuelle",
  termsIp1:
    "Le Service, y compris son logiciel, son design, ses textes, ses graphismes ainsi que le nom et le logo Glimpse, nous appartient ou appartient à nos concédants de licence et est protégé par le droit de la propriété intellectuelle. Nous vous accordons une licence personnelle, non exclusive, non transférable et révocable pour utiliser le Service conformément à sa destination tant que les présentes Conditions s’appliquent. Vous ne pouvez pas copier, modifier, vendre ou décompiler le Service, sauf lorsque la loi l’autorise expressément.",
  termsIp2:
    "Vous conservez tous les droits sur ce que vous créez : les informations de votre profil, ce que capte votre caméra et les clips que vous enregistrez. Nous n’en revendiquons pas la propriété. Pour pouvoir faire fonctionner le Service, vous nous accordez une licence non exclusive et gratuite pour conserver et afficher les informations de votre profil (comme votre nom d’utilisateur, votre nom affiché, votre photo, votre bio et vos hashtags) aux autres membres au sein du Service, tant que votre compte existe.",
  termsIp3:
    "Ne partagez que des contenus que vous avez le droit de partager. Si vous pensez qu’un élément du Service porte atteinte à vos droits, écrivez à {support} en donnant suffisamment de détails pour que nous puissions le retrouver.",

  termsPrivacyTitle: "6. Confidentialité",
  termsPrivacy1:
    "Votre vie privée compte pour nous. Notre <link>Politique de confidentialité</link> explique quelles données personnelles nous collectons, pourquoi, combien de temps nous les conservons et quels sont vos droits.",
  termsPrivacyShort: "En bref :",
  termsPrivacyNoRecording:
    "nous n’enregistrons ni ne conservons jamais la vidéo ou l’audio de vos appels ;",
  termsPrivacyLocation:
    "votre position exacte ne quitte jamais notre serveur : nous la convertissons en une indication approximative « Ville, Pays » et en une zone de quelques kilomètres, et nous ne conservons pas vos coordonnées ;",
  termsPrivacyFaceBlur:
    "le floutage des visages fonctionne sur votre propre appareil : aucune image n’est envoyée nulle part pour détecter les visages ;",
  termsPrivacyShield:
    "le bouclier de sécurité vérifie la vidéo de votre interlocuteur sur votre propre appareil : aucune image n’est envoyée nulle part pour la vérifier ;",
  termsPrivacyNoSale: "nous ne vendons pas vos données personnelles.",

  termsModerationTitle: "7. Modération et signalements",
  termsModeration1:
    "Pendant un appel, vous pouvez utiliser le bouton Signaler à tout moment. Choisissez le motif le plus adapté :",
  termsModeration2:
    "Vous pouvez ajouter des détails pour nous aider à comprendre ce qui s’est passé, et bloquer l’autre membre en même temps. Nous ne vous remettrons plus en relation avec un membre que vous avez bloqué.",
  termsModeration3:
    "Nos modérateurs examinent les signalements et peuvent consulter les informations du compte et les données des appels, comme les horaires, les durées et les signalements antérieurs. Comme nous ne conservons ni vidéo ni audio, une description claire de votre part nous aide énormément. Selon la gravité du manquement, nous pouvons avertir le membre, limiter des fonctionnalités, suspendre le compte pour une durée déterminée ou le fermer définitivement. Lorsque la loi l’exige, ou lorsque la vie ou la sécurité d’une personne est en danger, nous signalons les faits aux autorités compétentes.",
  termsModeration4:
    "Si nous prenons une mesure à l’encontre de votre compte, nous vous indiquerons ce que nous avons décidé et pourquoi, sauf si la loi l’interdit ou si cela mettait quelqu’un en danger. Si vous pensez que nous nous sommes trompés, écrivez à {support} et une personne réexaminera la décision.",
  termsModeration5:
    "Merci de ne pas abuser des signalements. Les signalements sciemment faux ou abusifs constituent eux-mêmes un manquement aux présentes Conditions.",

  termsTerminationTitle: "8. Résiliation",
  termsTermination1:
    "Vous pouvez cesser d’utiliser Glimpse et supprimer votre compte à tout moment depuis votre Profil. Nous supprimons les données de votre compte dans les 30 jours suivant la suppression. Certaines données peuvent être conservées plus longtemps lorsque la loi l’exige ou lorsqu’elles sont nécessaires pour des raisons de sécurité, comme l’explique notre <link>Politique de confidentialité</link>. La suppression de votre compte met également fin au renouvellement de toute formule payante.",
  termsTerminationIf: "Nous pouvons suspendre ou fermer votre compte si :",
  termsTerminationBreach:
    "vous enfreignez gravement ou de manière répétée les présentes Conditions ;",
  termsTerminationMinor: "nous avons de bonnes raisons de penser que vous avez moins de 18 ans ;",
  termsTerminationLaw: "la loi ou une autorité nous y oblige ;",
  termsTerminationRisk: "votre compte met en danger d’autres membres, le Service ou des tiers.",
  termsTermination2:
    "Sauf si la loi ou des raisons de sécurité s’y opposent, nous vous en indiquerons la raison. Si nous fermons votre compte pour une raison autre qu’un manquement de votre part aux présentes Conditions, ou si nous cessons totalement de fournir le Service, nous vous rembourserons la part non utilisée de toute période déjà payée et, lorsque c’est possible, nous vous préviendrons dans un délai raisonnable.",

  termsLiabilityTitle: "9. Exclusions et limitation de responsabilité",
  termsLiability1:
    "Les appels se déroulent en direct entre membres. Nous ne les visionnons pas à l’avance et ne sommes pas responsables de ce que les autres membres montrent ou disent, même si nous donnons suite aux signalements comme décrit ci-dessus. Nos outils de confidentialité et de sécurité, dont le floutage des visages et le bouclier de sécurité, réduisent les risques sans pouvoir les éliminer complètement, et peuvent parfois laisser passer quelque chose. Le floutage des visages ne s’applique qu’à la vidéo que vous envoyez. Le bouclier de sécurité, activé par défaut, floute ce que votre interlocuteur vous montre jusqu’à ce qu’une vérification sur votre appareil le juge sûr, et le floute de nouveau si une image peut contenir de la nudité ; il peut se tromper dans les deux sens, et si vous choisissez d’afficher une vidéo qu’il a signalée, ou désactivez le bouclier, vous voyez la vidéo telle qu’elle a été envoyée. Vous pouvez mettre fin à un appel et le signaler à tout moment.",
  termsLiability2:
    "Nous faisons le nécessaire pour que le Service reste disponible et sûr, mais nous ne pouvons pas garantir qu’il sera toujours ininterrompu ou exempt d’erreurs, ni qu’une mise en relation sera trouvée à un moment donné. Nous pouvons modifier, améliorer ou retirer des fonctionnalités, à condition que les fonctionnalités payantes déjà réglées ne soient pas réduites pendant la période de facturation en cours.",
  termsLiability3:
    "Rien dans les présentes Conditions ne limite ni n’exclut notre responsabilité lorsque la loi ne le permet pas, notamment pour les dommages que nous causons intentionnellement ou par négligence grave, en cas de décès ou de dommage corporel, ou en vertu des règles impératives de protection des consommateurs, y compris vos droits légaux si le Service n’est pas conforme au contrat. Dans ces limites, nous ne sommes pas responsables des pertes qui n’étaient pas raisonnablement prévisibles, ni des pertes causées par d’autres membres ou par des événements échappant à notre contrôle raisonnable.",

  termsLawTitle: "10. Droit applicable et litiges",
  termsLaw1:
    "Les présentes Conditions sont régies par le droit de la République de Pologne. Si vous êtes un consommateur résidant dans l’Union européenne, ce choix de loi ne vous prive pas de la protection des règles impératives de protection des consommateurs de votre pays de résidence.",
  termsLaw2:
    "En cas de litige, veuillez d’abord nous contacter à {support} ; la plupart des problèmes se règlent rapidement ainsi. Si nous ne parvenons pas à le résoudre, vous pouvez saisir soit les tribunaux compétents de Pologne, soit ceux de votre lieu de résidence. En tant que consommateur, vous pouvez également recourir aux organismes extrajudiciaires de réclamation et de règlement des litiges de votre pays, comme les médiateurs de la consommation.",

  termsChangesTitle: "11. Modifications des présentes Conditions",
  termsChanges1:
    "Nous pouvons mettre à jour les présentes Conditions, par exemple lorsque nous ajoutons des fonctionnalités ou lorsque la loi change. Nous vous informerons des modifications par e-mail et dans l’application au moins 30 jours avant leur entrée en vigueur, et nous vous expliquerons ce qui change.",
  termsChanges2:
    "Si vous n’acceptez pas une modification, vous pouvez supprimer votre compte avant son entrée en vigueur. Si vous continuez à utiliser le Service après cette date, les Conditions mises à jour s’appliqueront à vous. Une modification ne peut entrer en vigueur plus tôt que si la loi ou une autorité l’exige.",

  termsContactTitle: "12. Contact",
  termsContact1:
    "Pour toute question sur les présentes Conditions ou sur le Service, écrivez-nous à {support}.",
  termsContactOperator: "Le Service est exploité par :",

  // Politique de confidentialité
  privacyControllerTitle: "1. Responsable du traitement de vos données",
  privacyController1:
    "Le responsable du traitement de vos données personnelles est {operatorName}, une société immatriculée en Pologne, {operatorAddress} (« nous », « notre », « nos »). Nous exploitons Glimpse (le « Service ») et décidons pourquoi et comment vos données personnelles sont traitées.",
  privacyController2:
    "Nous avons désigné un délégué à la protection des données, que vous pouvez joindre à {dpo} pour toute question concernant vos données personnelles.",

  privacyDataTitle: "2. Données que nous collectons",
  privacyDataAccount:
    "<strong>Données du compte :</strong> votre nom d’utilisateur, votre adresse e-mail et si elle est vérifiée, votre mot de passe (conservé uniquement sous forme de hachage), le code d’invitation utilisé et qui vous a invité, ainsi que la date de votre inscription.",
  privacyDataProfile:
    "<strong>Données du profil :</strong> votre nom affiché, votre bio, votre photo de profil et votre langue, ainsi que vos paramètres de confidentialité (floutage des visages, bouclier de sécurité, masquage de votre localisation, notifications).",
  privacyDataLocation:
    "<strong>Localisation approximative :</strong> si vous l’autorisez, votre navigateur envoie vos coordonnées à notre serveur, qui les convertit sur le serveur lui-même, sans aucun service extérieur, en une indication « Ville, Pays » et une zone approximative de quelques kilomètres. Les coordonnées sont ensuite supprimées et ne sont jamais conservées.",
  privacyDataFilters:
    "<strong>Filtres et préférences :</strong> votre préférence de localisation, le pays ou le continent choisi, les hashtags et la langue.",
  privacyDataSessions:
    "<strong>Statistiques des appels :</strong> quand vous avez été mis en relation et avec quel compte, la durée de l’appel, son hashtag et son indication de localisation, les réactions, les passages et le nombre d’appels passés par rapport à la limite de votre formule.",
  privacyDataReports:
    "<strong>Signalements et blocages :</strong> les signalements que vous faites ou recevez (motif, détails, date et suite donnée) et les membres que vous avez bloqués.",
  privacyDataPayment:
    "<strong>Données de paiement :</strong> les paiements sont traités par Stripe. Nous ne voyons ni ne conservons jamais votre numéro de carte ; nous recevons uniquement une référence client, votre formule, son statut et les dates de facturation.",
  privacyDataLogs:
    "<strong>Journaux techniques :</strong> adresse IP, type de navigateur, heures des requêtes, erreurs et événements de sécurité comme les échecs de connexion.",
  privacyDataMessages:
    "<strong>Messages que vous nous envoyez :</strong> ce que vous écrivez lorsque vous nous contactez.",
  privacyDataMedia:
    "<strong>Nous ne conservons ni vidéo ni audio.</strong> Les appels transitent directement entre les deux appareils (pair à pair) et jamais par nos serveurs, sauf via un relais chiffré lorsqu’une liaison directe est impossible ou qu’un membre masque son adresse ; un relais ne peut pas lire le contenu. Les clips sont enregistrés sur votre appareil et y restent, sauf si vous les partagez vous-même. Le floutage des visages recherche les visages uniquement sur votre appareil, avec un modèle de détection qui s’exécute dans votre navigateur ; aucune image n’est envoyée pour cela, ni à nous ni à qui que ce soit. Il floute uniquement la vidéo que vous envoyez et les clips que vous enregistrez, pas la vidéo que votre interlocuteur vous envoie. Le bouclier de sécurité vérifie la vidéo de votre interlocuteur uniquement sur votre appareil, avec un classificateur d’images qui s’exécute dans votre navigateur : environ deux fois par seconde, une petite copie réduite de l’image en cours y est évaluée puis supprimée. Aucune image, aucun score ni aucune photo n’est envoyé, ni à nous ni à qui que ce soit, et un signalement fait depuis le bouclier ne contient que le motif et ce que vous écrivez, comme tout autre signalement. {ipNote}",
  privacyIpAlways:
    "Ce site fait passer chaque appel par notre serveur relais : l’appareil de votre interlocuteur voit donc l’adresse du relais, jamais la vôtre. Le relais voit votre adresse, comme notre site web, et ne transmet que de l’audio et de la vidéo chiffrés, qu’il ne peut pas lire ; un appel relayé peut mettre un peu plus de temps à démarrer.",
  privacyIpUnavailable:
    "Aucun serveur relais n’est configuré sur ce site, l’option « {label} » n’est donc pas disponible : comme pour tout appel pair à pair, l’appareil de votre interlocuteur apprend l’adresse réseau (IP) du vôtre pendant l’établissement de l’appel.",
  privacyIpChoice:
    "Avec « {label} » (dans votre profil, Confidentialité ; {byDefault}), votre côté de chaque appel passe uniquement par notre serveur relais : l’appareil de votre interlocuteur voit donc l’adresse du relais, pas la vôtre. Le relais voit votre adresse, comme notre site web, et ne transmet que de l’audio et de la vidéo chiffrés, qu’il ne peut pas lire ; un appel relayé peut mettre un peu plus de temps à démarrer. Lorsque l’option est désactivée, comme pour tout appel pair à pair, l’appareil de votre interlocuteur apprend l’adresse réseau (IP) du vôtre pendant l’établissement de l’appel.",
  privacyIpOnByDefault: "activée sauf si vous la désactivez",
  privacyIpOffByDefault: "désactivée sauf si vous l’activez",

  privacyBasesTitle: "3. Bases juridiques du traitement",
  privacyBasesIntro:
    "Conformément au Règlement général sur la protection des données (RGPD), nous nous fondons sur :",
  privacyBasesContract:
    "<strong>Le contrat</strong> (art. 6, par. 1, point b) : pour créer et gérer votre compte, vous mettre en relation, appliquer vos filtres et votre formule, et gérer les abonnements.",
  privacyBasesInterests:
    "<strong>Nos intérêts légitimes</strong> (art. 6, par. 1, point f) : pour assurer la sécurité du Service et de ses membres, prévenir les abus, modérer les signalements, sécuriser nos systèmes, comprendre l’utilisation du Service et nous défendre en justice. Vous pouvez vous opposer à ce traitement à tout moment.",
  privacyBasesConsent:
    "<strong>Le consentement</strong> (art. 6, par. 1, point a) : pour utiliser la localisation de votre appareil et envoyer des notifications facultatives. Vous pouvez retirer votre consentement à tout moment dans votre navigateur ou votre Profil ; cela n’affecte pas les traitements antérieurs.",
  privacyBasesObligation:
    "<strong>Une obligation légale</strong> (art. 6, par. 1, point c) : pour conserver les documents comptables et fiscaux et répondre aux demandes légitimes des autorités.",

  privacyUsesTitle: "4. Utilisation de vos données",
  privacyUsesAccount:
    "pour vous inscrire, vérifier votre e-mail, vous connecter et maintenir votre connexion ;",
  privacyUsesMatching:
    "pour vous mettre en relation avec d’autres membres selon vos filtres et afficher l’indication de localisation ;",
  privacyUsesPlan:
    "pour appliquer les limites et fonctionnalités de votre formule et gérer les paiements ;",
  privacyUsesEmails:
    "pour envoyer des e-mails de service, comme la vérification, la réinitialisation du mot de passe et les modifications de nos règles ;",
  privacyUsesReports:
    "pour examiner les signalements, faire respecter nos Conditions d’utilisation et protéger les membres, en particulier les mineurs ;",
  privacyUsesFraud: "pour détecter et prévenir la fraude, les abus et les incidents de sécurité ;",
  privacyUsesStatistics:
    "pour produire des statistiques agrégées qui nous aident à améliorer le Service ;",
  privacyUsesLegal: "pour respecter nos obligations légales.",
  privacyUses1:
    "La mise en relation est automatisée, mais elle ne produit pas d’effets juridiques vous concernant ni d’effets similaires significatifs. Nous n’envoyons pas d’e-mails marketing sans votre consentement et nous ne créons pas de profils publicitaires.",

  privacySharingTitle: "5. Partage de vos données",
  privacySharing1:
    "<strong>Nous ne vendons pas vos données personnelles</strong> et ne les partageons pas à des fins publicitaires. Pendant un appel, votre interlocuteur voit votre nom d’utilisateur, votre indication de localisation, votre hashtag, vos réactions et ce que montre votre caméra. Au-delà, nous ne partageons des données qu’avec :",
  privacySharingProviders:
    "des prestataires agissant sur nos instructions (sous-traitants) : notre hébergeur, notre fournisseur d’e-mail et, le cas échéant, des serveurs relais chiffrés pour les appels ;",
  privacySharingStripe:
    "Stripe, qui traite les paiements pour notre compte et, pour certaines finalités comme la prévention de la fraude, selon sa propre politique de confidentialité ;",
  privacySharingAuthorities:
    "la police, les tribunaux et d’autres autorités, lorsque la loi l’exige ou lorsque c’est nécessaire pour protéger la vie ou la sécurité d’une personne.",
  privacySharing2:
    "Si un prestataire traite des données en dehors de l’Espace économique européen, nous appliquons les garanties exigées par le RGPD, comme une décision d’adéquation de la Commission européenne ou des clauses contractuelles types. Vous pouvez nous en demander une copie à {privacy}.",

  privacyRightsTitle: "6. Vos droits",
  privacyRightsIntro: "En vertu du RGPD, vous avez le droit :",
  privacyRightsAccess: "d’accéder à vos données personnelles et d’en recevoir une copie ;",
  privacyRightsRectify: "de faire corriger des données inexactes (rectification) ;",
  privacyRightsErase: "de faire effacer vos données ;",
  privacyRightsRestrict: "de limiter la manière dont nous traitons vos données ;",
  privacyRightsPortable:
    "de recevoir les données que vous nous avez fournies dans un format portable et lisible par machine ;",
  privacyRightsObject: "de vous opposer aux traitements fondés sur nos intérêts légitimes ;",
  privacyRightsWithdraw: "de retirer votre consentement à tout moment.",
  privacyRights1:
    "Vous pouvez faire une grande partie de cela vous-même dans votre Profil, y compris supprimer votre compte. Pour tout le reste, écrivez à {privacy}. Nous répondons dans un délai de 30 jours. Si une demande est particulièrement complexe, le RGPD nous permet de prolonger ce délai de deux mois au maximum ; le cas échéant, nous vous en informerons dans les 30 premiers jours. L’exercice de vos droits est gratuit, et nous pouvons d’abord vous demander de confirmer votre identité.",

  privacyRetentionTitle: "7. Conservation des données",
  privacyRetentionAccount:
    "<strong>Données du compte et du profil :</strong> conservées tant que votre compte existe et supprimées dans les 30 jours suivant la suppression de votre compte.",
  privacyRetentionLocation:
    "<strong>Localisation :</strong> vos coordonnées ne sont jamais conservées ; l’indication et la zone approximatives sont remplacées lorsque vous les mettez à jour et supprimées avec votre compte.",
  privacyRetentionSessions:
    "<strong>Statistiques des appels :</strong> conservées 2 ans, puis supprimées.",
  privacyRetentionSecurity:
    "<strong>Journaux de sécurité :</strong> conservés 1 an, puis supprimés.",
  privacyRetentionAddresses:
    "<strong>Adresses depuis lesquelles vous vous êtes connecté :</strong> chacune est conservée 90 jours après votre dernière connexion depuis celle-ci, afin que vous puissiez toujours vous connecter pendant que quelqu’un ailleurs essaie de deviner votre mot de passe ; supprimées avec votre compte.",
  privacyRetentionDevices:
    "<strong>Vos appareils connectés :</strong> pour chaque session, le navigateur et le système qu’elle indiquait, la ville à laquelle a été rattachée la position partagée par cet appareil et sa dernière activité, conservés jusqu’à sa déconnexion ou la fin de ses 30 jours ; les navigateurs avec lesquels votre compte s’est connecté, connus seulement par une empreinte de leur cookie d’appareil, conservés un an après la dernière connexion depuis chacun. Tout est supprimé avec votre compte.",
  privacyRetentionReports:
    "<strong>Signalements :</strong> conservés dans l’historique de modération, mais sans données personnelles : dès qu’un compte concerné est supprimé, nous retirons les noms d’utilisateur, les identifiants et les détails en texte libre, et ne gardons que le motif, la date et la suite donnée.",
  privacyRetentionPayments:
    "<strong>Données de paiement :</strong> conservées aussi longtemps que l’exige le droit fiscal et comptable, en général cinq ans après la fin de l’année du paiement.",
  privacyRetention1:
    "Nous ne pouvons conserver certaines données plus longtemps que si cela est nécessaire pour établir ou défendre un droit en justice, ou si une autorité l’exige légalement.",

  privacySecurityTitle: "8. Sécurité",
  privacySecurityHttps:
    "tout le trafic entre votre navigateur et nos serveurs est chiffré en transit (HTTPS) ;",
  privacySecurityMedia:
    "les flux audio et vidéo des appels sont chiffrés de pair à pair avec DTLS-SRTP, et une empreinte est affichée pour permettre de vérifier la connexion ; les relais ne peuvent pas les déchiffrer ;",
  privacySecurityPasswords:
    "les mots de passe sont conservés uniquement sous forme hachée, jamais sous forme lisible ;",
  privacySecurityCookie:
    "votre cookie de session est HttpOnly : les scripts de la page ne peuvent donc pas le lire ;",
  privacySecurityFaceBlur:
    "le floutage des visages, activé par défaut, s’exécute sur votre appareil et floute les visages qu’il détecte avant que votre vidéo ne le quitte ; tant qu’il n’est pas prêt, s’il ne peut pas se charger et lorsqu’il prend du retard, il pixelise à la place la partie de l’image où se trouvent habituellement les visages. Il peut manquer des visages petits, éloignés, détournés ou partiellement cachés ;",
  privacySecurityShield:
    "le bouclier de sécurité, activé par défaut, garde floue la vidéo de votre interlocuteur jusqu’à ce qu’une vérification sur votre appareil la juge sûre, et la floute de nouveau, avec un avertissement, lorsqu’une image peut contenir de la nudité. Si la vérification ne peut pas s’exécuter, la vidéo reste floue jusqu’à ce que vous touchiez pour l’afficher. Il peut se tromper dans les deux sens ;",
  privacySecurityStaff:
    "l’accès aux données personnelles est limité aux membres du personnel qui en ont besoin pour leur travail.",
  privacySecurity1:
    "Aucun système n’est totalement sûr. Si une violation met vos données en danger, nous en informerons l’autorité de contrôle et, lorsque le risque pour vous est élevé, nous vous préviendrons dans les meilleurs délais.",

  privacyCookiesTitle: "9. Cookies et stockage du navigateur",
  privacyCookies1:
    "Nous n’utilisons que des cookies strictement nécessaires : un cookie de session qui vous garde connecté (déposé à la connexion, supprimé à la déconnexion) ; un cookie d’appareil, une valeur aléatoire déposée à la connexion et conservée jusqu’à 400 jours, qui nous permet de reconnaître un navigateur déjà utilisé par votre compte, afin de vous prévenir par e-mail lorsque votre compte est connecté depuis un nouveau navigateur (il ne sert à rien d’autre) ; un cookie qui retient la langue que vous avez choisie, si vous en choisissez une ; et un cookie de courte durée qui transmet un avis (comme « Connexion réussie ») à la page suivante. Comme le Service ne peut pas fonctionner sans eux, ils ne nécessitent pas de consentement.",
  privacyCookies2:
    "Nous n’utilisons aucun cookie publicitaire, d’analyse ou de suivi, et nous ne permettons pas à des tiers d’en déposer via le Service. Les pages de paiement propres à Stripe peuvent déposer des cookies nécessaires à la sécurité des paiements, selon les règles de Stripe.",
  privacyCookies3:
    "Vos filtres et préférences similaires peuvent aussi être enregistrés dans le stockage local de votre navigateur, afin d’être prêts la prochaine fois. Ces données restent sur votre appareil ; vous pouvez les effacer à tout moment dans les paramètres de votre navigateur.",

  privacyChildrenTitle: "10. Enfants",
  privacyChildren1:
    "Glimpse est réservé aux adultes de 18 ans ou plus. Nous ne collectons pas sciemment de données personnelles de personnes de moins de 18 ans. Si nous apprenons qu’un compte appartient à un mineur, nous le supprimons ainsi que ses données, à l’exception de ce que la loi nous oblige à conserver ou à transmettre aux autorités pour protéger l’enfant.",
  privacyChildren2:
    "Si vous rencontrez pendant un appel une personne qui semble avoir moins de 18 ans, signalez-la avec le motif « {reason} ». Les parents et tuteurs peuvent aussi écrire à {privacy}.",

  privacyCaliforniaTitle: "11. Droits à la vie privée en Californie",
  privacyCaliforniaIntro:
    "Si vous résidez en Californie, le California Consumer Privacy Act (CCPA) vous donne le droit :",
  privacyCaliforniaKnow:
    "de savoir quelles informations personnelles nous collectons, utilisons et divulguons, et d’en recevoir une copie ;",
  privacyCaliforniaDelete: "de faire supprimer vos informations personnelles ;",
  privacyCaliforniaCorrect: "de faire corriger des informations personnelles inexactes ;",
  privacyCaliforniaOptOut:
    "de vous opposer à la vente ou au partage de vos informations personnelles. Nous ne vendons ni ne partageons d’informations personnelles au sens où le CCPA définit ces termes, et ne l’avons pas fait au cours des 12 derniers mois ;",
  privacyCaliforniaEqual: "de ne pas subir de discrimination pour avoir exercé l’un de ces droits.",
  privacyCalifornia1:
    "Les catégories que nous collectons sont décrites à la section 2. Pour faire une demande, écrivez à {privacy} ; vous pouvez aussi passer par un mandataire autorisé. Nous vérifierons votre demande et répondrons dans un délai de 45 jours. Si nous avons besoin de plus de temps, nous vous en expliquerons la raison et pourrons prolonger ce délai une fois de 45 jours supplémentaires, comme la loi le permet.",

  privacyChangesTitle: "12. Modifications de la présente Politique",
  privacyChanges1:
    "Nous pouvons mettre à jour la présente Politique de confidentialité lorsque le Service ou la loi évolue. Nous vous informerons des modifications importantes par e-mail et dans l’application au moins 30 jours avant leur entrée en vigueur, et vous expliquerons ce qui change. Lorsqu’une modification nécessite votre consentement, nous vous le demanderons.",

  privacyAuthorityTitle: "13. Autorités de contrôle",
  privacyAuthority1:
    "Vous avez le droit d’introduire une réclamation auprès d’une autorité de contrôle de la protection des données. Notre autorité chef de file est le Président de l’Office de protection des données personnelles (Prezes Urzędu Ochrony Danych Osobowych, UODO), ul. Stawki 2, 00-193 Varsovie, Pologne.",
  privacyAuthority2:
    "Vous pouvez également adresser une réclamation à l’autorité de contrôle du pays de l’UE où vous résidez, où vous travaillez ou où vous pensez qu’une infraction a eu lieu. Nous aimerions avoir l’occasion de traiter votre préoccupation en premier : n’hésitez donc pas à nous contacter avant.",

  privacyContactTitle: "14. Contact",
  privacyContact1:
    "Pour toute question sur la présente Politique de confidentialité ou pour exercer vos droits, écrivez à {privacy}.",
  privacyContactDpo:
    "Vous pouvez joindre directement notre délégué à la protection des données à {dpo}.",
  privacyContactPost: "Par courrier :",
} satisfies Translation<typeof en>;
