import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  lastUpdated: "Última actualización: {date}",
  translationNotice:
    "Esto es una traducción; si difiere de la versión en inglés, prevalece la versión en inglés.",

  // Condiciones del servicio
  termsAcceptanceTitle: "1. Aceptación de las Condiciones",
  termsAcceptance1:
    "Estas Condiciones del servicio (las «Condiciones») son un acuerdo entre tú y {operatorName}, {operatorAddress} («nosotros», «nos», «nuestro»), el operador de Glimpse (el «Servicio»). Se aplican cada vez que visitas o usas el Servicio, en cualquier dispositivo.",
  termsAcceptance2:
    "Al crear una cuenta, o al usar el Servicio de cualquier otra forma, confirmas que has leído y entendido estas Condiciones y que las aceptas. Si no las aceptas, no uses el Servicio.",
  termsAcceptance3:
    "Nuestra <link>Política de privacidad</link> explica cómo tratamos tus datos personales y debe leerse junto con estas Condiciones.",

  termsServiceTitle: "2. El Servicio",
  termsService1:
    "Glimpse conecta a dos adultos con sesión iniciada que no se conocen para una videollamada breve y en directo, con audio y en primera persona (POV). Cada llamada dura como máximo 30 segundos y normalmente usa la cámara trasera, para que muestres a la otra persona lo que hay a tu alrededor en lugar de tu cara.",
  termsServiceIncludes: "El Servicio incluye:",
  termsServiceFilters: "filtros de emparejamiento por ubicación, hashtags e idioma;",
  termsServiceReactions: "reacciones con emojis durante la llamada y un breve resumen al terminar;",
  termsServiceFaceBlur:
    "el difuminado de caras, activado por defecto, que difumina en tu propio dispositivo las caras que encuentra en el vídeo que envías y en los clips que grabas;",
  termsServiceShield:
    "el escudo de seguridad, activado por defecto, que en tu propio dispositivo mantiene difuminado el vídeo de la otra persona hasta comprobarlo y vuelve a difuminarlo, con un aviso, si puede contener desnudos;",
  termsServiceRecorder:
    "una grabadora de clips que graba hasta 30 segundos en tu propio dispositivo; después puedes descargar o compartir el clip tú mismo;",
  termsServiceTools:
    "herramientas para denunciar y bloquear, códigos de invitación y páginas de referidos y de clasificación;",
  termsServicePlans:
    "un plan gratuito y planes de pago (Basic, Plus y VIP) con límites más altos y más funciones.",
  termsService2:
    "Las llamadas se conectan directamente entre los dos dispositivos (de igual a igual) y están cifradas. No grabamos ni guardamos el vídeo ni el audio de ninguna llamada. La otra persona solo ve una ubicación aproximada, como «Ciudad, País», nunca tu posición exacta.",
  termsService3:
    "Los planes de pago se cobran mensualmente a través de nuestro proveedor de pagos, Stripe, al precio que se muestra en la página de suscripciones antes de que confirmes. Puedes cancelar en cualquier momento; las funciones de pago siguen activas hasta el final del periodo ya pagado. Si eres consumidor en la Unión Europea, puedes desistir de un plan de pago en los 14 días siguientes a la compra sin dar ningún motivo, escribiendo a {support}. Si nos pediste que las funciones de pago empezaran de inmediato, podemos quedarnos con un importe proporcional al servicio ya prestado.",

  termsEligibilityTitle: "3. Requisitos y tu cuenta",
  termsEligibility1:
    "Debes tener al menos 18 años para crear una cuenta o usar el Servicio. Al registrarte confirmas que tienes 18 años o más y que la información que nos das es exacta y completa. Mantenla al día en tu Perfil.",
  termsEligibilityAgree:
    "Glimpse funciona solo con invitación. Mientras tengas una cuenta, te comprometes a que:",
  termsEligibilityInvite:
    "te registraste con un código de invitación válido y no comprarás ni venderás invitaciones;",
  termsEligibilityOneAccount: "tendrás una sola cuenta y será solo para tu uso personal;",
  termsEligibilityPassword:
    "mantendrás tu contraseña en secreto y no compartirás tu cuenta ni dejarás que nadie más inicie sesión en ella;",
  termsEligibilityEmail: "verificarás tu dirección de correo cuando te lo pidamos;",
  termsEligibilityAccess:
    "nos avisarás sin demora en {support} si crees que otra persona ha accedido a tu cuenta.",
  termsEligibility2:
    "Eres responsable de lo que ocurra a través de tu cuenta, salvo que ocurra por un fallo nuestro o después de que nos hayas avisado de que tu cuenta se ha visto comprometida.",

  termsUseTitle: "4. Uso aceptable",
  termsUseIntro:
    "Glimpse solo funciona si todos pueden confiar en que la persona del otro lado se comportará con respeto. Cuando uses el Servicio no debes:",
  termsUseSexual: "mostrar desnudos, actos sexuales ni ningún otro contenido sexual;",
  termsUseHarass:
    "acosar, hostigar, amenazar, insultar o intimidar a nadie, ni promover el odio o la violencia;",
  termsUseIllegal: "hacer, mostrar, planear o fomentar nada ilegal;",
  termsUseFilming:
    "grabar a personas que no han aceptado ser grabadas, sobre todo en lugares privados como viviendas, baños, vestuarios o centros médicos;",
  termsUseRecording:
    "grabar, hacer capturas de pantalla o compartir el vídeo o el audio de otro miembro sin su consentimiento claro, ya sea con la grabadora de clips o por cualquier otro medio;",
  termsUseMinors:
    "implicar, mostrar o dirigirte a menores de 18 años de cualquier forma, ni usar el Servicio si tú mismo eres menor de 18 años;",
  termsUseImpersonate: "hacerte pasar por otra persona u organización ni falsear quién eres;",
  termsUseSpam: "enviar spam, publicidad, estafas o mensajes comerciales no solicitados;",
  termsUseCircumvent:
    "eludir nuestros límites, bloqueos, suspensiones, normas de edad o medidas de pago o de seguridad, por ejemplo creando cuentas nuevas o usando herramientas automatizadas;",
  termsUseInterfere:
    "interferir con el Servicio o sus usuarios, atacar nuestros sistemas o acceder a cuentas o datos que no son tuyos.",
  termsUse2:
    "El difuminado de caras ayuda a proteger a las personas que grabas, pero funciona mejor con caras cercanas y de frente a la cámara, y puede pasar por alto caras pequeñas, lejanas, de espaldas o parcialmente tapadas; si lo desactivas, tu vídeo se envía tal como se graba. Sigues siendo responsable de lo que muestra tu cámara, así que no la apuntes a personas que no han aceptado aparecer. Los clips que grabas se quedan en tu dispositivo: antes de compartir uno, asegúrate de tener el consentimiento de todas las personas que se puedan identificar en él y de que compartirlo es legal.",

  termsIpTitle: "5. Propiedad intelectual",
  termsIp1:
    "El Servicio, incluidos su software, diseño, textos, gráficos y el nombre y logotipo de Glimpse, nos pertenece a nosotros o a nuestros licenciantes y está protegido por la legislación de propiedad intelectual. Te concedemos una licencia personal, no exclusiva, intransferible y revocable para usar el Servicio para su finalidad prevista mientras estén vigentes estas Condiciones. No puedes copiar, modificar, vender ni aplicar ingeniería inversa al Servicio, salvo cuando la ley lo permita expresamente.",
  termsIp2:
    "Conservas todos los derechos sobre lo que creas: los datos de tu perfil, lo que capta tu cámara y los clips que grabas. No reclamamos la propiedad de nada de ello. Para poder prestar el Servicio, nos concedes una licencia no exclusiva y gratuita para guardar y mostrar los datos de tu perfil (como tu nombre de usuario, nombre visible, foto, biografía y hashtags) a otros miembros dentro del Servicio, mientras exista tu cuenta.",
  termsIp3:
    "Comparte solo material que tengas derecho a compartir. Si crees que algo en el Servicio infringe tus derechos, escribe a {support} con detalles suficientes para que podamos encontrarlo.",

  termsPrivacyTitle: "6. Privacidad",
  termsPrivacy1:
    "Tu privacidad nos importa. Nuestra <link>Política de privacidad</link> explica qué datos personales recogemos, por qué, cuánto tiempo los conservamos y qué derechos tienes.",
  termsPrivacyShort: "En resumen:",
  termsPrivacyNoRecording: "nunca grabamos ni guardamos el vídeo ni el audio de tus llamadas;",
  termsPrivacyLocation:
    "tu ubicación exacta nunca sale de nuestro servidor: la convertimos en una etiqueta aproximada «Ciudad, País» y en una zona de unos pocos kilómetros, y no guardamos tus coordenadas;",
  termsPrivacyFaceBlur:
    "el difuminado de caras funciona en tu propio dispositivo: no se envía ninguna imagen a ningún sitio para encontrar caras;",
  termsPrivacyShield:
    "el escudo de seguridad comprueba el vídeo de la otra persona en tu propio dispositivo: no se envía ninguna imagen a ningún sitio para comprobarlo;",
  termsPrivacyNoSale: "no vendemos tus datos personales.",

  termsModerationTitle: "7. Moderación y denuncias",
  termsModeration1:
    "Durante una llamada puedes usar el botón Denunciar en cualquier momento. Elige el motivo que mejor encaje:",
  termsModeration2:
    "Puedes añadir detalles para ayudarnos a entender lo que pasó y, a la vez, bloquear al otro miembro. No volveremos a emparejarte con un miembro que hayas bloqueado.",
  termsModeration3:
    "Nuestros moderadores revisan las denuncias y pueden consultar los datos de la cuenta y los registros de llamadas, como horas, duraciones y denuncias anteriores. Como no guardamos vídeo ni audio, una descripción clara por tu parte nos ayuda muchísimo. Según la gravedad del incumplimiento, podemos advertir al miembro, limitar funciones, suspender la cuenta durante un tiempo o cerrarla definitivamente. Cuando la ley lo exige, o cuando la vida o la seguridad de alguien corre peligro, lo comunicamos a las autoridades competentes.",
  termsModeration4:
    "Si tomamos medidas contra tu cuenta, te diremos qué hemos decidido y por qué, salvo que la ley lo prohíba o hacerlo ponga a alguien en peligro. Si crees que nos hemos equivocado, escribe a {support} y una persona volverá a revisar la decisión.",
  termsModeration5:
    "No hagas un mal uso de las denuncias. Las denuncias falsas a sabiendas o abusivas son en sí mismas un incumplimiento de estas Condiciones.",

  termsTerminationTitle: "8. Terminación",
  termsTermination1:
    "Puedes dejar de usar Glimpse y eliminar tu cuenta en cualquier momento desde tu Perfil. Eliminamos los datos de tu cuenta en un plazo de 30 días desde la eliminación. Algunos registros pueden conservarse más tiempo cuando la ley lo exige o cuando son necesarios por motivos de seguridad, como se indica en nuestra <link>Política de privacidad</link>. Al eliminar tu cuenta también se detiene la renovación de cualquier plan de pago.",
  termsTerminationIf: "Podemos suspender o cerrar tu cuenta si:",
  termsTerminationBreach: "incumples estas Condiciones de forma grave o reiterada;",
  termsTerminationMinor: "tenemos motivos fundados para creer que eres menor de 18 años;",
  termsTerminationLaw: "la ley o una autoridad nos obliga a hacerlo;",
  termsTerminationRisk: "tu cuenta pone en riesgo a otros miembros, al Servicio o a terceros.",
  termsTermination2:
    "Salvo que la ley o motivos de seguridad lo impidan, te diremos el motivo. Si cerramos tu cuenta por un motivo distinto de un incumplimiento tuyo de estas Condiciones, o si dejamos de prestar el Servicio por completo, te reembolsaremos la parte no utilizada de cualquier periodo que ya hayas pagado y, siempre que podamos, te avisaremos con una antelación razonable.",

  termsLiabilityTitle: "9. Exenciones y limitación de responsabilidad",
  termsLiability1:
    "Las llamadas son en directo y tienen lugar entre miembros. No las vemos de antemano y no somos responsables de lo que otros miembros muestren o digan, aunque actuamos ante las denuncias como se ha descrito. Nuestras herramientas de privacidad y seguridad, entre ellas el difuminado de caras y el escudo de seguridad, reducen los riesgos pero no pueden eliminarlos del todo, y a veces pueden pasar algo por alto. El difuminado de caras se aplica solo al vídeo que envías. El escudo de seguridad, activado por defecto, difumina lo que te muestra la otra persona hasta que una comprobación en tu dispositivo lo considera seguro, y lo vuelve a difuminar si un fotograma puede contener desnudos; puede equivocarse en ambos sentidos, y si decides mostrar un vídeo sobre el que te avisó, o desactivas el escudo, verás el vídeo tal como se envió. Puedes terminar y denunciar una llamada en cualquier momento.",
  termsLiability2:
    "Trabajamos para que el Servicio esté disponible y sea seguro, pero no podemos prometer que funcione siempre sin interrupciones ni errores, ni que siempre haya alguien con quien emparejarte. Podemos cambiar, mejorar o retirar funciones, siempre que las funciones de pago que ya hayas pagado no se reduzcan durante el periodo de facturación en curso.",
  termsLiability3:
    "Nada de lo dispuesto en estas Condiciones limita ni excluye nuestra responsabilidad cuando la ley no lo permite, en particular por daños causados de forma intencionada o por negligencia grave, por muerte o lesiones personales, o en virtud de la normativa imperativa de protección de los consumidores, incluidos tus derechos legales si el Servicio no es conforme con el contrato. Dentro de esos límites, no respondemos de pérdidas que no fueran razonablemente previsibles ni de pérdidas causadas por otros miembros o por hechos fuera de nuestro control razonable.",

  termsLawTitle: "10. Ley aplicable y litigios",
  termsLaw1:
    "Estas Condiciones se rigen por la ley de la República de Polonia. Si eres consumidor y vives en la Unión Europea, esta elección de ley no te priva de la protección de las normas imperativas de protección de los consumidores del país en el que vives.",
  termsLaw2:
    "Si surge un conflicto, ponte primero en contacto con nosotros en {support}; la mayoría de los problemas se resuelven rápido así. Si no podemos resolverlo, puedes acudir a los tribunales competentes de Polonia o a los del lugar donde vives. Como consumidor, también puedes recurrir a los organismos extrajudiciales de reclamación y resolución de tu país, como los defensores del consumidor o los servicios de mediación.",

  termsChangesTitle: "11. Cambios en estas Condiciones",
  termsChanges1:
    "Podemos actualizar estas Condiciones, por ejemplo cuando añadimos funciones o cuando cambia la ley. Te avisaremos de los cambios por correo electrónico y en la app al menos 30 días antes de que entren en vigor, y te explicaremos qué cambia.",
  termsChanges2:
    "Si no estás de acuerdo con un cambio, puedes eliminar tu cuenta antes de que entre en vigor. Si sigues usando el Servicio después de esa fecha, se te aplicarán las Condiciones actualizadas. Un cambio solo puede entrar en vigor antes cuando lo exija la ley o una autoridad.",

  termsContactTitle: "12. Contacto",
  termsContact1:
    "Si tienes preguntas sobre estas Condiciones o sobre el Servicio, escríbenos a {support}.",
  termsContactOperator: "El Servicio lo gestiona:",

  // Política de privacidad
  privacyControllerTitle: "1. Quién es responsable de tus datos",
  privacyController1:
    "El responsable del tratamiento de tus datos personales es {operatorName}, una sociedad registrada en Polonia, {operatorAddress} («nosotros», «nos», «nuestro»). Gestionamos Glimpse (el «Servicio») y decidimos por qué y cómo se tratan tus datos personales.",
  privacyController2:
    "Hemos designado un Delegado de Protección de Datos, con quien puedes contactar en {dpo} para cualquier pregunta sobre tus datos personales.",

  privacyDataTitle: "2. Datos que recogemos",
  privacyDataAccount:
    "<strong>Datos de la cuenta:</strong> tu nombre de usuario, tu dirección de correo y si está verificada, tu contraseña (guardada solo como hash), el código de invitación que usaste y quién te invitó, y cuándo te registraste.",
  privacyDataProfile:
    "<strong>Datos del perfil:</strong> tu nombre visible, biografía, foto de perfil e idioma, y tus ajustes de privacidad (difuminado de caras, escudo de seguridad, ocultar tu ubicación, notificaciones).",
  privacyDataLocation:
    "<strong>Ubicación aproximada:</strong> si lo permites, tu navegador envía tus coordenadas a nuestro servidor, que las convierte en el propio servidor, sin ningún servicio externo, en una etiqueta «Ciudad, País» y una zona aproximada de unos pocos kilómetros. Después, las coordenadas se descartan y nunca se guardan.",
  privacyDataFilters:
    "<strong>Filtros y preferencias:</strong> tu preferencia de ubicación, el país o continente elegido, los hashtags y el idioma.",
  privacyDataSessions:
    "<strong>Estadísticas de las llamadas:</strong> cuándo te emparejamos y con qué cuenta, cuánto duró la llamada, su hashtag y su etiqueta de ubicación, las reacciones, las llamadas saltadas y cuántas llamadas has hecho respecto al límite de tu plan.",
  privacyDataReports:
    "<strong>Denuncias y bloqueos:</strong> las denuncias que haces o recibes (motivo, detalles, fecha y resultado) y los miembros que has bloqueado.",
  privacyDataPayment:
    "<strong>Datos de pago:</strong> los pagos los gestiona Stripe. Nunca vemos ni guardamos el número de tu tarjeta; solo recibimos una referencia de cliente, tu plan, su estado y las fechas de facturación.",
  privacyDataLogs:
    "<strong>Registros técnicos:</strong> dirección IP, tipo de navegador, horas de las solicitudes, errores y eventos de seguridad, como inicios de sesión fallidos.",
  privacyDataMessages:
    "<strong>Mensajes que nos envías:</strong> lo que escribes cuando te pones en contacto con nosotros.",
  privacyDataMedia:
    "<strong>No guardamos vídeo ni audio.</strong> Las llamadas van directamente entre los dos dispositivos (de igual a igual) y nunca pasan por nuestros servidores, salvo por un relé cifrado cuando no es posible una conexión directa o un miembro oculta su dirección; un relé no puede leer el contenido. Los clips se graban en tu dispositivo y se quedan allí a menos que los compartas tú. El difuminado de caras busca caras solo en tu dispositivo, con un modelo de detección que funciona en tu navegador; para ello no se nos envía ninguna imagen, ni a nosotros ni a nadie. Solo difumina el vídeo que envías y los clips que grabas, no el vídeo que te envía la otra persona. El escudo de seguridad comprueba el vídeo de la otra persona solo en tu dispositivo, con un clasificador de imágenes que funciona en tu navegador: unas dos veces por segundo, se puntúa allí una copia pequeña y reducida del fotograma actual y después se descarta. No se nos envía ningún fotograma, puntuación ni imagen, ni a nosotros ni a nadie, y una denuncia que hagas desde el escudo solo incluye el motivo y lo que escribas, como cualquier otra denuncia. {ipNote}",
  privacyIpAlways:
    "Este sitio envía todas las llamadas a través de nuestro servidor de relé, así que el dispositivo de la otra persona ve la dirección del relé, nunca la tuya. El relé ve tu dirección, igual que nuestro sitio web, y solo transmite audio y vídeo cifrados, que no puede leer; una llamada a través del relé puede tardar un poco más en empezar.",
  privacyIpUnavailable:
    "Este sitio no tiene configurado ningún servidor de relé, así que el interruptor «{label}» no está disponible: como en cualquier llamada de igual a igual, el dispositivo de la otra persona conoce la dirección de red (IP) del tuyo mientras se establece la llamada.",
  privacyIpChoice:
    "Con «{label}» (en tu perfil, Privacidad; {byDefault}), tu lado de cada llamada pasa solo por nuestro servidor de relé, así que el dispositivo de la otra persona ve la dirección del relé, no la tuya. El relé ve tu dirección, igual que nuestro sitio web, y solo transmite audio y vídeo cifrados, que no puede leer; una llamada a través del relé puede tardar un poco más en empezar. Con el interruptor desactivado, como en cualquier llamada de igual a igual, el dispositivo de la otra persona conoce la dirección de red (IP) del tuyo mientras se establece la llamada.",
  privacyIpOnByDefault: "activado salvo que lo desactives",
  privacyIpOffByDefault: "desactivado salvo que lo actives",

  privacyBasesTitle: "3. Bases jurídicas del tratamiento",
  privacyBasesIntro:
    "Conforme al Reglamento General de Protección de Datos (RGPD), nos basamos en:",
  privacyBasesContract:
    "<strong>Contrato</strong> (art. 6.1.b): para crear y gestionar tu cuenta, emparejarte, aplicar tus filtros y tu plan, y tramitar suscripciones.",
  privacyBasesInterests:
    "<strong>Intereses legítimos</strong> (art. 6.1.f): para mantener seguros el Servicio y a sus miembros, evitar abusos, moderar denuncias, proteger nuestros sistemas, entender cómo se usa el Servicio y defendernos frente a reclamaciones. Puedes oponerte a este tratamiento en cualquier momento.",
  privacyBasesConsent:
    "<strong>Consentimiento</strong> (art. 6.1.a): para usar la ubicación de tu dispositivo y enviar notificaciones opcionales. Puedes retirar tu consentimiento en cualquier momento en tu navegador o en tu Perfil; esto no afecta al tratamiento anterior.",
  privacyBasesObligation:
    "<strong>Obligación legal</strong> (art. 6.1.c): para conservar registros contables y fiscales y responder a solicitudes legítimas de las autoridades.",

  privacyUsesTitle: "4. Cómo usamos tus datos",
  privacyUsesAccount:
    "para registrarte, verificar tu correo, iniciar tu sesión y mantenerla abierta;",
  privacyUsesMatching:
    "para emparejarte con otros miembros según tus filtros y mostrar la etiqueta de ubicación;",
  privacyUsesPlan: "para aplicar los límites y funciones de tu plan y gestionar los pagos;",
  privacyUsesEmails:
    "para enviar correos del servicio, como los de verificación, restablecimiento de contraseña y cambios en nuestras políticas;",
  privacyUsesReports:
    "para revisar denuncias, hacer cumplir nuestras Condiciones del servicio y proteger a los miembros, en especial a los menores;",
  privacyUsesFraud: "para detectar y prevenir fraudes, abusos e incidentes de seguridad;",
  privacyUsesStatistics:
    "para elaborar estadísticas agregadas que nos ayudan a mejorar el Servicio;",
  privacyUsesLegal: "para cumplir nuestras obligaciones legales.",
  privacyUses1:
    "El emparejamiento es automático, pero no produce efectos jurídicos sobre ti ni te afecta de forma similarmente significativa. No enviamos correos de marketing sin tu consentimiento ni creamos perfiles publicitarios.",

  privacySharingTitle: "5. Con quién compartimos tus datos",
  privacySharing1:
    "<strong>No vendemos tus datos personales</strong> ni los compartimos con fines publicitarios. Durante una llamada, la otra persona ve tu nombre de usuario, tu etiqueta de ubicación, tu hashtag, tus reacciones y lo que muestre tu cámara. Aparte de eso, solo compartimos datos con:",
  privacySharingProviders:
    "proveedores de servicios que actúan siguiendo nuestras instrucciones (encargados del tratamiento): nuestro proveedor de alojamiento, nuestro proveedor de correo y, si se usan, servidores de relé cifrados para las llamadas;",
  privacySharingStripe:
    "Stripe, que procesa los pagos por nosotros y, para algunos fines como la prevención del fraude, conforme a su propia política de privacidad;",
  privacySharingAuthorities:
    "la policía, los tribunales y otras autoridades, cuando la ley lo exige o cuando es necesario para proteger la vida o la seguridad de alguien.",
  privacySharing2:
    "Si un proveedor trata datos fuera del Espacio Económico Europeo, aplicamos las garantías que exige el RGPD, como una decisión de adecuación de la Comisión Europea o cláusulas contractuales tipo. Puedes pedirnos una copia en {privacy}.",

  privacyRightsTitle: "6. Tus derechos",
  privacyRightsIntro: "Conforme al RGPD, tienes derecho a:",
  privacyRightsAccess: "acceder a tus datos personales y recibir una copia;",
  privacyRightsRectify: "que se corrijan los datos inexactos (rectificación);",
  privacyRightsErase: "que se supriman tus datos;",
  privacyRightsRestrict: "limitar cómo tratamos tus datos;",
  privacyRightsPortable:
    "recibir los datos que nos diste en un formato portátil y legible por máquina;",
  privacyRightsObject: "oponerte al tratamiento basado en nuestros intereses legítimos;",
  privacyRightsWithdraw: "retirar tu consentimiento en cualquier momento.",
  privacyRights1:
    "Gran parte de esto puedes hacerlo tú mismo en tu Perfil, incluida la eliminación de tu cuenta. Para todo lo demás, escribe a {privacy}. Respondemos en un plazo de 30 días. Si una solicitud es especialmente compleja, el RGPD nos permite ampliar este plazo hasta dos meses más; si lo necesitamos, te lo diremos dentro de los primeros 30 días. Ejercer tus derechos es gratuito, y podemos pedirte primero que confirmes tu identidad.",

  privacyRetentionTitle: "7. Conservación de los datos",
  privacyRetentionAccount:
    "<strong>Datos de la cuenta y del perfil:</strong> se conservan mientras exista tu cuenta y se eliminan en un plazo de 30 días desde la eliminación de tu cuenta.",
  privacyRetentionLocation:
    "<strong>Ubicación:</strong> tus coordenadas nunca se guardan; la etiqueta y la zona aproximadas se sustituyen cuando las actualizas y se eliminan con tu cuenta.",
  privacyRetentionSessions:
    "<strong>Estadísticas de las llamadas:</strong> se conservan 2 años y después se eliminan.",
  privacyRetentionSecurity:
    "<strong>Registros de seguridad:</strong> se conservan 1 año y después se eliminan.",
  privacyRetentionAddresses:
    "<strong>Direcciones desde las que iniciaste sesión:</strong> cada una se conserva 90 días después de tu último inicio de sesión desde ella, para que puedas seguir entrando mientras alguien en otro lugar intenta adivinar tu contraseña; se eliminan con tu cuenta.",
  privacyRetentionDevices:
    "<strong>Tus dispositivos con sesión iniciada:</strong> para cada sesión, el navegador y el sistema que indicó, la ciudad con la que se nombró la ubicación que ese dispositivo compartió y cuándo estuvo activo por última vez, hasta que se cierra su sesión o terminan sus 30 días; los navegadores con los que tu cuenta inició sesión, conocidos solo por un hash de su cookie de dispositivo, durante un año después del último inicio de sesión desde cada uno. Todo se elimina con tu cuenta.",
  privacyRetentionReports:
    "<strong>Denuncias:</strong> se conservan como registro de moderación, pero sin datos personales: cuando se elimina una cuenta implicada, borramos los nombres de usuario, los identificadores y los detalles de texto libre, y solo conservamos el motivo, la fecha y el resultado.",
  privacyRetentionPayments:
    "<strong>Registros de pagos:</strong> se conservan durante el tiempo que exige la normativa fiscal y contable, por lo general cinco años desde el final del año del pago.",
  privacyRetention1:
    "Solo podemos conservar determinados datos durante más tiempo cuando sea necesario para formular o defender una reclamación legal o cuando una autoridad lo exija legalmente.",

  privacySecurityTitle: "8. Seguridad",
  privacySecurityHttps:
    "todo el tráfico entre tu navegador y nuestros servidores se cifra en tránsito (HTTPS);",
  privacySecurityMedia:
    "el audio y el vídeo de las llamadas se cifran de igual a igual con DTLS-SRTP, y se muestra una huella digital para poder comprobar la conexión; los relés no pueden descifrarlos;",
  privacySecurityPasswords:
    "las contraseñas se guardan solo en forma de hash, nunca de forma legible;",
  privacySecurityCookie:
    "tu cookie de sesión es HttpOnly, así que los scripts de la página no pueden leerla;",
  privacySecurityFaceBlur:
    "el difuminado de caras, activado por defecto, funciona en tu dispositivo y difumina las caras que encuentra antes de que tu vídeo salga de él; mientras no está listo, si no puede cargarse y cuando se queda atrás, pixela en su lugar la parte de la imagen donde suelen estar las caras. Puede pasar por alto caras pequeñas, lejanas, de espaldas o parcialmente tapadas;",
  privacySecurityShield:
    "el escudo de seguridad, activado por defecto, mantiene difuminado el vídeo de la otra persona hasta que una comprobación en tu dispositivo lo considera seguro, y lo vuelve a difuminar, con un aviso, cuando un fotograma puede contener desnudos. Si la comprobación no puede ejecutarse, el vídeo sigue difuminado hasta que toques para mostrarlo. Puede equivocarse en ambos sentidos;",
  privacySecurityStaff:
    "el acceso a los datos personales se limita al personal que lo necesita para su trabajo.",
  privacySecurity1:
    "Ningún sistema es completamente seguro. Si una brecha pone en riesgo tus datos, lo notificaremos a la autoridad de control y, cuando el riesgo para ti sea alto, te lo comunicaremos sin dilación indebida.",

  privacyCookiesTitle: "9. Cookies y almacenamiento del navegador",
  privacyCookies1:
    "Solo usamos cookies estrictamente necesarias: una cookie de sesión que mantiene tu sesión iniciada (se crea al iniciar sesión y se elimina al cerrarla); una cookie de dispositivo, un valor aleatorio que se crea al iniciar sesión y se conserva hasta 400 días, con la que reconocemos un navegador que tu cuenta ya ha usado, para poder avisarte por correo cuando se inicie sesión en tu cuenta desde uno nuevo (no sirve para nada más); una cookie que recuerda el idioma que elegiste, si eliges uno; y una cookie de corta duración que lleva un aviso (como «Has iniciado sesión») a la página siguiente. Como el Servicio no puede funcionar sin ellas, no requieren consentimiento.",
  privacyCookies2:
    "No usamos cookies publicitarias, analíticas ni de seguimiento, y no permitimos que terceros las instalen a través del Servicio. Las páginas de pago propias de Stripe pueden instalar cookies necesarias para la seguridad del pago, conforme a las políticas de Stripe.",
  privacyCookies3:
    "Tus filtros y preferencias similares también pueden guardarse en el almacenamiento local de tu navegador, para que estén listos la próxima vez. Estos datos se quedan en tu dispositivo; puedes borrarlos en cualquier momento desde los ajustes de tu navegador.",

  privacyChildrenTitle: "10. Menores",
  privacyChildren1:
    "Glimpse es solo para adultos de 18 años o más. No recogemos a sabiendas datos personales de menores de 18 años. Si sabemos que una cuenta pertenece a un menor, la eliminamos y borramos sus datos, excepto lo que la ley nos obligue a conservar o a entregar a las autoridades para proteger al menor.",
  privacyChildren2:
    "Si durante una llamada te encuentras con alguien que parece tener menos de 18 años, denúncialo con el motivo «{reason}». Los padres y tutores también pueden escribir a {privacy}.",

  privacyCaliforniaTitle: "11. Derechos de privacidad en California",
  privacyCaliforniaIntro:
    "Si vives en California, la Ley de Privacidad del Consumidor de California (CCPA) te da derecho a:",
  privacyCaliforniaKnow:
    "saber qué información personal recogemos, usamos y divulgamos, y recibir una copia;",
  privacyCaliforniaDelete: "que se elimine tu información personal;",
  privacyCaliforniaCorrect: "que se corrija la información personal inexacta;",
  privacyCaliforniaOptOut:
    "oponerte a la venta o cesión de tu información personal. No vendemos ni cedemos información personal en el sentido que la CCPA da a esos términos, ni lo hemos hecho en los últimos 12 meses;",
  privacyCaliforniaEqual: "no sufrir discriminación por ejercer cualquiera de estos derechos.",
  privacyCalifornia1:
    "Las categorías que recogemos se describen en la sección 2. Para hacer una solicitud, escribe a {privacy}; también puedes recurrir a un representante autorizado. Verificaremos tu solicitud y responderemos en un plazo de 45 días. Si necesitamos más tiempo, te explicaremos por qué y podremos ampliarlo una vez otros 45 días, como permite la ley.",

  privacyChangesTitle: "12. Cambios en esta Política",
  privacyChanges1:
    "Podemos actualizar esta Política de privacidad cuando cambie el Servicio o la ley. Te avisaremos de los cambios importantes por correo electrónico y en la app al menos 30 días antes de que entren en vigor, y te explicaremos qué cambia. Cuando un cambio requiera tu consentimiento, te lo pediremos.",

  privacyAuthorityTitle: "13. Autoridades de control",
  privacyAuthority1:
    "Tienes derecho a presentar una reclamación ante una autoridad de control de protección de datos. Nuestra autoridad principal es el Presidente de la Oficina de Protección de Datos Personales (Prezes Urzędu Ochrony Danych Osobowych, UODO), ul. Stawki 2, 00-193 Varsovia, Polonia.",
  privacyAuthority2:
    "También puedes presentar una reclamación ante la autoridad de control del país de la UE donde vives, donde trabajas o donde crees que se produjo la infracción. Nos gustaría tener la oportunidad de resolver tu problema antes, así que no dudes en contactarnos primero.",

  privacyContactTitle: "14. Contacto",
  privacyContact1:
    "Si tienes preguntas sobre esta Política de privacidad o quieres ejercer tus derechos, escribe a {privacy}.",
  privacyContactDpo:
    "Puedes contactar directamente con nuestro Delegado de Protección de Datos en {dpo}.",
  privacyContactPost: "Por correo postal:",
} satisfies Translation<typeof en>;
