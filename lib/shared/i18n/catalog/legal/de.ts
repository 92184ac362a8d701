import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  lastUpdated: "Zuletzt aktualisiert: {date}",
  translationNotice:
    "Dies ist eine Übersetzung; weicht sie von der englischen Fassung ab, ist die englische Fassung maßgeblich.",

  // Nutzungsbedingungen
  termsAcceptanceTitle: "1. Annahme der Bedingungen",
  termsAcceptance1:
    "Diese Nutzungsbedingungen („Bedingungen“) sind eine Vereinbarung zwischen dir und {operatorName}, {operatorAddress} („wir“, „uns“, „unser“), dem Betreiber von Glimpse (der „Dienst“). Sie gelten jedes Mal, wenn du den Dienst aufrufst oder nutzt, auf jedem Gerät.",
  termsAcceptance2:
    "Indem du ein Konto erstellst oder den Dienst auf andere Weise nutzt, bestätigst du, dass du diese Bedingungen gelesen und verstanden hast und sie akzeptierst. Wenn du sie nicht akzeptierst, nutze den Dienst bitte nicht.",
  termsAcceptance3:
    "Unsere <link>Datenschutzerklärung</link> erklärt, wie wir mit deinen personenbezogenen Daten umgehen, und ist zusammen mit diesen Bedingungen zu lesen.",

  termsServiceTitle: "2. Der Dienst",
  termsService1:
    "Glimpse verbindet zwei angemeldete Erwachsene, die sich nicht kennen, zu einem kurzen Live-Video- und Audioanruf aus der Ich-Perspektive (POV). Jeder Anruf dauert höchstens 30 Sekunden und nutzt in der Regel die Rückkamera, damit du deinem Gegenüber zeigst, was um dich herum ist, und nicht dein Gesicht.",
  termsServiceIncludes: "Der Dienst umfasst:",
  termsServiceFilters: "Filter für die Partnersuche nach Standort, Hashtags und Sprache;",
  termsServiceReactions:
    "Emoji-Reaktionen während eines Anrufs und eine kurze Zusammenfassung am Ende;",
  termsServiceFaceBlur:
    "die standardmäßig aktive Gesichtsunschärfe, die auf deinem eigenen Gerät die Gesichter unscharf macht, die sie in dem von dir gesendeten Video und in deinen aufgenommenen Clips findet;",
  termsServiceShield:
    "den standardmäßig aktiven Schutzschild, der auf deinem eigenen Gerät das Video deines Gegenübers unscharf hält, bis es geprüft ist, und es mit einer Warnung erneut unscharf macht, wenn es Nacktheit enthalten könnte;",
  termsServiceRecorder:
    "einen Clip-Rekorder, der bis zu 30 Sekunden auf deinem eigenen Gerät aufnimmt; den Clip kannst du anschließend selbst herunterladen oder teilen;",
  termsServiceTools:
    "Melde- und Blockierfunktionen, Einladungscodes sowie Empfehlungs- und Bestenlistenseiten;",
  termsServicePlans:
    "einen kostenlosen Tarif und kostenpflichtige Tarife (Basic, Plus und VIP) mit höheren Limits und mehr Funktionen.",
  termsService2:
    "Anrufe werden direkt zwischen den beiden Geräten (Peer-to-Peer) verbunden und sind verschlüsselt. Wir zeichnen Video und Audio von Anrufen weder auf noch speichern wir sie. Dein Gegenüber sieht nur eine grobe Standortangabe wie „Stadt, Land“, nie deine genaue Position.",
  termsService3:
    "Kostenpflichtige Tarife werden monatlich über unseren Zahlungsdienstleister Stripe abgerechnet, zu dem Preis, der dir auf der Abo-Seite vor deiner Bestätigung angezeigt wird. Du kannst jederzeit kündigen; die kostenpflichtigen Funktionen bleiben dann bis zum Ende des bereits bezahlten Zeitraums aktiv. Wenn du Verbraucher in der Europäischen Union bist, kannst du einen kostenpflichtigen Tarif innerhalb von 14 Tagen nach dem Kauf ohne Angabe von Gründen widerrufen, indem du an {support} schreibst. Hast du verlangt, dass die kostenpflichtigen Funktionen sofort beginnen, dürfen wir einen Betrag einbehalten, der der bis dahin erbrachten Leistung entspricht.",

  termsEligibilityTitle: "3. Voraussetzungen und dein Konto",
  termsEligibility1:
    "Du musst mindestens 18 Jahre alt sein, um ein Konto zu erstellen oder den Dienst zu nutzen. Mit der Registrierung bestätigst du, dass du 18 oder älter bist und dass deine Angaben richtig und vollständig sind. Bitte halte sie in deinem Profil aktuell.",
  termsEligibilityAgree:
    "Glimpse ist nur mit Einladung zugänglich. Solange du ein Konto hast, sicherst du zu, dass:",
  termsEligibilityInvite:
    "du dich mit einem gültigen Einladungscode registriert hast und keine Einladungen kaufst oder verkaufst;",
  termsEligibilityOneAccount:
    "du nur ein einziges Konto hast und es ausschließlich persönlich nutzt;",
  termsEligibilityPassword:
    "du dein Passwort geheim hältst, dein Konto nicht teilst und niemand anderen damit anmelden lässt;",
  termsEligibilityEmail: "du deine E-Mail-Adresse bestätigst, wenn wir dich darum bitten;",
  termsEligibilityAccess:
    "du uns unter {support} unverzüglich Bescheid gibst, wenn du glaubst, dass jemand anderes auf dein Konto zugegriffen hat.",
  termsEligibility2:
    "Du bist für alles verantwortlich, was über dein Konto geschieht, es sei denn, es geschieht durch unser eigenes Versäumnis oder nachdem du uns mitgeteilt hast, dass dein Konto kompromittiert wurde.",

  termsUseTitle: "4. Zulässige Nutzung",
  termsUseIntro:
    "Glimpse funktioniert nur, wenn sich alle darauf verlassen können, dass sich die Person auf der anderen Seite anständig verhält. Bei der Nutzung des Dienstes darfst du nicht:",
  termsUseSexual: "Nacktheit, sexuelle Handlungen oder andere sexuelle Inhalte zeigen;",
  termsUseHarass:
    "jemanden belästigen, mobben, bedrohen, beleidigen oder einschüchtern oder zu Hass oder Gewalt aufrufen;",
  termsUseIllegal: "etwas Rechtswidriges tun, zeigen, planen oder dazu ermutigen;",
  termsUseFilming:
    "Menschen filmen, die dem nicht zugestimmt haben, vor allem an privaten Orten wie Wohnungen, Badezimmern, Umkleiden oder in medizinischen Einrichtungen;",
  termsUseRecording:
    "Video oder Audio eines anderen Mitglieds ohne dessen eindeutige Einwilligung aufnehmen, per Screenshot festhalten oder teilen, ob mit dem Clip-Rekorder oder auf andere Weise;",
  termsUseMinors:
    "Personen unter 18 Jahren in irgendeiner Weise einbeziehen, zeigen oder ansprechen oder den Dienst nutzen, wenn du selbst unter 18 bist;",
  termsUseImpersonate:
    "dich als eine andere Person oder Organisation ausgeben oder falsche Angaben darüber machen, wer du bist;",
  termsUseSpam: "Spam, Werbung, Betrugsversuche oder unerwünschte kommerzielle Nachrichten senden;",
  termsUseCircumvent:
    "unsere Limits, Blockierungen, Sperren, Altersregeln, Zahlungs- oder Sicherheitsmaßnahmen umgehen, etwa durch neue Konten oder automatisierte Werkzeuge;",
  termsUseInterfere:
    "den Dienst oder seine Nutzer stören, unsere Systeme angreifen oder auf Konten oder Daten zugreifen, die nicht dir gehören.",
  termsUse2:
    "Die Gesichtsunschärfe hilft, die Menschen zu schützen, die du filmst. Sie funktioniert aber am besten bei Gesichtern, die nah sind und zur Kamera zeigen, und kann Gesichter übersehen, die klein, weit entfernt, abgewandt oder teilweise verdeckt sind; schaltest du sie aus, wird dein Video so gesendet, wie es aufgenommen wurde. Du bleibst dafür verantwortlich, was deine Kamera zeigt, also richte sie nicht auf Menschen, die nicht zugestimmt haben, im Bild zu sein. Clips, die du aufnimmst, bleiben auf deinem Gerät: Bevor du einen teilst, stelle sicher, dass alle darin erkennbaren Personen eingewilligt haben und dass das Teilen rechtmäßig ist.",

  termsIpTitle: "5. Geistiges Eigentum",
  termsIp1:
    "Der Dienst, einschließlich seiner Software, seines Designs, seiner Texte, Grafiken sowie des Namens und Logos von Glimpse, gehört uns oder unseren Lizenzgebern und ist durch das Recht des geistigen Eigentums geschützt. Wir gewähren dir eine persönliche, nicht ausschließliche, nicht übertragbare und widerrufliche Lizenz, den Dienst für seinen vorgesehenen Zweck zu nutzen, solange diese Bedingungen gelten. Du darfst den Dienst nicht kopieren, verändern, verkaufen oder zurückentwickeln, außer soweit das Gesetz es ausdrücklich erlaubt.",
  termsIp2:
    "Du behältst alle Rechte an dem, was du erstellst: deine Profilangaben, was deine Kamera aufnimmt und die Clips, die du aufzeichnest. Wir beanspruchen kein Eigentum daran. Damit wir den Dienst betreiben können, räumst du uns eine nicht ausschließliche, unentgeltliche Lizenz ein, deine Profilangaben (etwa Benutzername, Anzeigename, Bild, Bio und Hashtags) zu speichern und anderen Mitgliedern innerhalb des Dienstes anzuzeigen, solange dein Konto besteht.",
  termsIp3:
    "Teile nur Inhalte, zu deren Weitergabe du berechtigt bist. Wenn du glaubst, dass etwas im Dienst deine Rechte verletzt, schreib an {support} und gib so viele Details an, dass wir es finden können.",

  termsPrivacyTitle: "6. Datenschutz",
  termsPrivacy1:
    "Deine Privatsphäre ist uns wichtig. Unsere <link>Datenschutzerklärung</link> erklärt, welche personenbezogenen Daten wir erheben, warum, wie lange wir sie aufbewahren und welche Rechte du hast.",
  termsPrivacyShort: "Kurz gesagt:",
  termsPrivacyNoRecording:
    "Wir zeichnen Video und Audio deiner Anrufe niemals auf und speichern sie nicht;",
  termsPrivacyLocation:
    "dein genauer Standort verlässt nie unseren Server: Wir machen daraus eine grobe Angabe „Stadt, Land“ und ein wenige Kilometer großes Gebiet und speichern deine Koordinaten nicht;",
  termsPrivacyFaceBlur:
    "die Gesichtsunschärfe läuft auf deinem eigenen Gerät: Um Gesichter zu finden, wird kein Bild irgendwohin gesendet;",
  termsPrivacyShield:
    "der Schutzschild prüft das Video deines Gegenübers auf deinem eigenen Gerät: Dafür wird kein Bild irgendwohin gesendet;",
  termsPrivacyNoSale: "Wir verkaufen deine personenbezogenen Daten nicht.",

  termsModerationTitle: "7. Moderation und Meldungen",
  termsModeration1:
    "Während eines Anrufs kannst du jederzeit die Schaltfläche „Melden“ verwenden. Wähle den Grund, der am besten passt:",
  termsModeration2:
    "Du kannst Details hinzufügen, damit wir besser verstehen, was passiert ist, und das andere Mitglied gleichzeitig blockieren. Mit einem Mitglied, das du blockiert hast, verbinden wir dich nicht noch einmal.",
  termsModeration3:
    "Unsere Moderatoren prüfen Meldungen und können dabei Kontoangaben und Anrufdaten wie Zeitpunkte, Dauer und frühere Meldungen einsehen. Da wir weder Video noch Audio speichern, hilft uns eine klare Beschreibung von dir sehr. Je nach Schwere eines Verstoßes können wir das Mitglied verwarnen, Funktionen einschränken, das Konto vorübergehend sperren oder endgültig schließen. Wenn das Gesetz es verlangt oder Leben oder Sicherheit eines Menschen in Gefahr sind, melden wir den Vorfall den zuständigen Behörden.",
  termsModeration4:
    "Wenn wir Maßnahmen gegen dein Konto ergreifen, teilen wir dir mit, was wir entschieden haben und warum, es sei denn, das Gesetz verbietet es oder jemand würde dadurch gefährdet. Wenn du meinst, dass wir falsch entschieden haben, schreib an {support}, und ein Mensch prüft die Entscheidung erneut.",
  termsModeration5:
    "Bitte missbrauche Meldungen nicht. Wissentlich falsche oder missbräuchliche Meldungen sind selbst ein Verstoß gegen diese Bedingungen.",

  termsTerminationTitle: "8. Beendigung",
  termsTermination1:
    "Du kannst Glimpse jederzeit nicht mehr nutzen und dein Konto in deinem Profil löschen. Wir löschen deine Kontodaten innerhalb von 30 Tagen nach der Löschung. Manche Aufzeichnungen können länger aufbewahrt werden, wenn das Gesetz es verlangt oder sie aus Sicherheitsgründen nötig sind, wie in unserer <link>Datenschutzerklärung</link> beschrieben. Mit der Löschung deines Kontos endet auch die Verlängerung eines kostenpflichtigen Tarifs.",
  termsTerminationIf: "Wir können dein Konto sperren oder schließen, wenn:",
  termsTerminationBreach: "du schwer oder wiederholt gegen diese Bedingungen verstößt;",
  termsTerminationMinor: "wir triftige Gründe zu der Annahme haben, dass du unter 18 bist;",
  termsTerminationLaw: "wir gesetzlich oder von einer Behörde dazu verpflichtet sind;",
  termsTerminationRisk: "dein Konto andere Mitglieder, den Dienst oder Dritte gefährdet.",
  termsTermination2:
    "Sofern Gesetz oder Sicherheitsgründe dem nicht entgegenstehen, nennen wir dir den Grund. Schließen wir dein Konto aus einem anderen Grund als deinem eigenen Verstoß gegen diese Bedingungen oder stellen wir den Dienst ganz ein, erstatten wir den ungenutzten Teil eines bereits bezahlten Zeitraums und informieren dich, wo möglich, mit angemessener Frist.",

  termsLiabilityTitle: "9. Gewährleistungsausschluss und Haftungsbeschränkung",
  termsLiability1:
    "Anrufe finden live zwischen Mitgliedern statt. Wir sehen sie nicht vorab an und sind nicht dafür verantwortlich, was andere Mitglieder zeigen oder sagen, auch wenn wir wie oben beschrieben auf Meldungen reagieren. Unsere Datenschutz- und Sicherheitsfunktionen, darunter die Gesichtsunschärfe und der Schutzschild, verringern Risiken, können sie aber nicht vollständig beseitigen und manchmal etwas übersehen. Die Gesichtsunschärfe wirkt nur auf das Video, das du sendest. Der standardmäßig aktive Schutzschild macht unscharf, was dein Gegenüber dir zeigt, bis eine Prüfung auf deinem Gerät es als unbedenklich einstuft, und macht es erneut unscharf, wenn ein Bild Nacktheit enthalten könnte; er kann sich in beide Richtungen irren, und wenn du ein Video, vor dem er gewarnt hat, trotzdem anzeigst oder den Schild ausschaltest, siehst du das Video so, wie es gesendet wurde. Du kannst einen Anruf jederzeit beenden und melden.",
  termsLiability2:
    "Wir setzen uns dafür ein, dass der Dienst verfügbar und sicher ist, können aber nicht versprechen, dass er immer unterbrechungs- und fehlerfrei ist oder dass zu jeder Zeit ein Match gefunden wird. Wir können Funktionen ändern, verbessern oder einstellen, sofern bereits bezahlte kostenpflichtige Funktionen im laufenden Abrechnungszeitraum nicht eingeschränkt werden.",
  termsLiability3:
    "Nichts in diesen Bedingungen beschränkt oder schließt unsere Haftung aus, soweit das Gesetz dies nicht zulässt, insbesondere für Schäden, die wir vorsätzlich oder grob fahrlässig verursachen, für Tod oder Körperverletzung oder nach zwingendem Verbraucherschutzrecht, einschließlich deiner gesetzlichen Rechte, wenn der Dienst nicht vertragsgemäß ist. Innerhalb dieser Grenzen haften wir nicht für Schäden, die nicht vernünftigerweise vorhersehbar waren, oder für Schäden, die durch andere Mitglieder oder durch Ereignisse außerhalb unserer zumutbaren Kontrolle verursacht werden.",

  termsLawTitle: "10. Anwendbares Recht und Streitigkeiten",
  termsLaw1:
    "Für diese Bedingungen gilt das Recht der Republik Polen. Wenn du als Verbraucher in der Europäischen Union lebst, entzieht dir diese Rechtswahl nicht den Schutz der zwingenden Verbraucherschutzvorschriften des Landes, in dem du lebst.",
  termsLaw2:
    "Kommt es zu einer Streitigkeit, wende dich bitte zuerst an {support}; die meisten Probleme lassen sich so schnell lösen. Können wir sie nicht beilegen, kannst du entweder vor den zuständigen Gerichten in Polen oder vor den Gerichten deines Wohnorts klagen. Als Verbraucher kannst du außerdem die außergerichtlichen Beschwerde- und Schlichtungsstellen deines Landes nutzen, etwa Verbraucherschlichtungsstellen oder Mediationsdienste.",

  termsChangesTitle: "11. Änderungen dieser Bedingungen",
  termsChanges1:
    "Wir können diese Bedingungen aktualisieren, zum Beispiel wenn wir Funktionen hinzufügen oder sich das Gesetz ändert. Wir informieren dich mindestens 30 Tage vor dem Inkrafttreten per E-Mail und in der App über Änderungen und erklären, was sich ändert.",
  termsChanges2:
    "Wenn du mit einer Änderung nicht einverstanden bist, kannst du dein Konto löschen, bevor sie in Kraft tritt. Nutzt du den Dienst nach diesem Datum weiter, gelten für dich die aktualisierten Bedingungen. Eine Änderung kann nur dann früher in Kraft treten, wenn das Gesetz oder eine Behörde es verlangt.",

  termsContactTitle: "12. Kontakt",
  termsContact1:
    "Wenn du Fragen zu diesen Bedingungen oder zum Dienst hast, schreib uns an {support}.",
  termsContactOperator: "Der Dienst wird betrieben von:",

  // Datenschutzerklärung
  privacyControllerTitle: "1. Wer für deine Daten verantwortlich ist",
  privacyController1:
    "Verantwortlicher für deine personenbezogenen Daten ist {operatorName}, ein in Polen eingetragenes Unternehmen, {operatorAddress} („wir“, „uns“, „unser“). Wir betreiben Glimpse (der „Dienst“) und entscheiden, warum und wie deine personenbezogenen Daten verarbeitet werden.",
  privacyController2:
    "Wir haben einen Datenschutzbeauftragten benannt, den du bei allen Fragen zu deinen personenbezogenen Daten unter {dpo} erreichst.",

  privacyDataTitle: "2. Welche Daten wir erheben",
  privacyDataAccount:
    "<strong>Kontodaten:</strong> dein Benutzername, deine E-Mail-Adresse und ob sie bestätigt ist, dein Passwort (nur als Hash gespeichert), der verwendete Einladungscode und wer dich eingeladen hat sowie der Zeitpunkt deiner Registrierung.",
  privacyDataProfile:
    "<strong>Profildaten:</strong> dein Anzeigename, deine Bio, dein Profilbild und deine Sprache sowie deine Datenschutzeinstellungen (Gesichtsunschärfe, Schutzschild, Standort verbergen, Benachrichtigungen).",
  privacyDataLocation:
    "<strong>Grober Standort:</strong> Wenn du es erlaubst, sendet dein Browser deine Koordinaten an unseren Server, der sie direkt auf dem Server, ohne externen Dienst, in eine Angabe „Stadt, Land“ und ein grobes, wenige Kilometer großes Gebiet umwandelt. Die Koordinaten werden danach verworfen und nie gespeichert.",
  privacyDataFilters:
    "<strong>Filter und Einstellungen:</strong> deine Standortpräferenz, das gewählte Land oder der gewählte Kontinent, Hashtags und Sprache.",
  privacyDataSessions:
    "<strong>Anrufstatistiken:</strong> wann und mit welchem Konto du verbunden wurdest, wie lange der Anruf dauerte, sein Hashtag und seine Standortangabe, Reaktionen, Überspringen und wie viele Anrufe du im Rahmen deines Tariflimits geführt hast.",
  privacyDataReports:
    "<strong>Meldungen und Blockierungen:</strong> Meldungen, die du machst oder erhältst (Grund, Details, Datum und Ergebnis), und die Mitglieder, die du blockiert hast.",
  privacyDataPayment:
    "<strong>Zahlungsdaten:</strong> Zahlungen wickelt Stripe ab. Wir sehen und speichern deine Kartennummer nie; wir erhalten nur eine Kundenreferenz, deinen Tarif, seinen Status und die Abrechnungsdaten.",
  privacyDataLogs:
    "<strong>Technische Protokolle:</strong> IP-Adresse, Browsertyp, Zeitpunkte von Anfragen, Fehler und Sicherheitsereignisse wie fehlgeschlagene Anmeldungen.",
  privacyDataMessages:
    "<strong>Nachrichten an uns:</strong> was du schreibst, wenn du uns kontaktierst.",
  privacyDataMedia:
    "<strong>Wir speichern weder Video noch Audio.</strong> Anrufe laufen direkt zwischen den beiden Geräten (Peer-to-Peer) und nie über unsere Server, außer über ein verschlüsseltes Relay, wenn keine direkte Verbindung möglich ist oder ein Mitglied seine Adresse verbirgt; ein Relay kann die Inhalte nicht lesen. Clips werden auf deinem Gerät aufgenommen und bleiben dort, solange du sie nicht selbst teilst. Die Gesichtsunschärfe sucht Gesichter nur auf deinem Gerät, mit einem Erkennungsmodell, das in deinem Browser läuft; dafür wird kein Bild an uns oder an andere gesendet. Sie macht nur das Video, das du sendest, und die Clips, die du aufnimmst, unscharf, nicht das Video, das dein Gegenüber dir sendet. Der Schutzschild prüft das Video deines Gegenübers nur auf deinem Gerät, mit einem Bildklassifikator, der in deinem Browser läuft: Etwa zweimal pro Sekunde wird dort eine kleine, verkleinerte Kopie des aktuellen Bildes bewertet und danach verworfen. Kein Bild, keine Bewertung und kein Foto wird an uns oder an andere gesendet, und eine Meldung, die du aus dem Schutzschild heraus machst, enthält wie jede andere Meldung nur den Grund und deinen Text. {ipNote}",
  privacyIpAlways:
    "Diese Website leitet jeden Anruf über unseren Relay-Server, sodass das Gerät deines Gegenübers die Adresse des Relays sieht, nie deine. Das Relay sieht deine Adresse, wie auch unsere Website, und leitet nur verschlüsseltes Audio und Video weiter, das es nicht lesen kann; ein Anruf über das Relay kann etwas länger zum Starten brauchen.",
  privacyIpUnavailable:
    "Auf dieser Website ist kein Relay-Server eingerichtet, daher ist der Schalter „{label}“ nicht verfügbar: Wie bei jedem Peer-to-Peer-Anruf erfährt das Gerät deines Gegenübers beim Verbindungsaufbau die Netzwerkadresse (IP-Adresse) deines Geräts.",
  privacyIpChoice:
    "Mit „{label}“ (in deinem Profil unter Privatsphäre; {byDefault}) läuft deine Seite jedes Anrufs nur über unseren Relay-Server, sodass das Gerät deines Gegenübers die Adresse des Relays sieht, nicht deine. Das Relay sieht deine Adresse, wie auch unsere Website, und leitet nur verschlüsseltes Audio und Video weiter, das es nicht lesen kann; ein Anruf über das Relay kann etwas länger zum Starten brauchen. Ist der Schalter aus, erfährt das Gerät deines Gegenübers wie bei jedem Peer-to-Peer-Anruf beim Verbindungsaufbau die Netzwerkadresse (IP-Adresse) deines Geräts.",
  privacyIpOnByDefault: "an, solange du ihn nicht ausschaltest",
  privacyIpOffByDefault: "aus, solange du ihn nicht einschaltest",

  privacyBasesTitle: "3. Rechtsgrundlagen der Verarbeitung",
  privacyBasesIntro: "Nach der Datenschutz-Grundverordnung (DSGVO) stützen wir uns auf:",
  privacyBasesContract:
    "<strong>Vertrag</strong> (Art. 6 Abs. 1 lit. b): um dein Konto einzurichten und zu führen, dich zu verbinden, deine Filter und deinen Tarif anzuwenden und Abos abzuwickeln.",
  privacyBasesInterests:
    "<strong>Berechtigte Interessen</strong> (Art. 6 Abs. 1 lit. f): um den Dienst und seine Mitglieder zu schützen, Missbrauch zu verhindern, Meldungen zu moderieren, unsere Systeme abzusichern, zu verstehen, wie der Dienst genutzt wird, und Rechtsansprüche abzuwehren. Du kannst dieser Verarbeitung jederzeit widersprechen.",
  privacyBasesConsent:
    "<strong>Einwilligung</strong> (Art. 6 Abs. 1 lit. a): um den Standort deines Geräts zu verwenden und optionale Benachrichtigungen zu senden. Du kannst deine Einwilligung jederzeit in deinem Browser oder Profil widerrufen; die bis dahin erfolgte Verarbeitung bleibt davon unberührt.",
  privacyBasesObligation:
    "<strong>Rechtliche Verpflichtung</strong> (Art. 6 Abs. 1 lit. c): um Buchhaltungs- und Steuerunterlagen aufzubewahren und rechtmäßige Anfragen von Behörden zu beantworten.",

  privacyUsesTitle: "4. Wie wir deine Daten verwenden",
  privacyUsesAccount:
    "um dich zu registrieren, deine E-Mail-Adresse zu bestätigen, dich anzumelden und angemeldet zu halten;",
  privacyUsesMatching:
    "um dich gemäß deinen Filtern mit anderen Mitgliedern zu verbinden und die Standortangabe anzuzeigen;",
  privacyUsesPlan:
    "um die Limits und Funktionen deines Tarifs anzuwenden und Zahlungen abzuwickeln;",
  privacyUsesEmails:
    "um Service-E-Mails zu senden, etwa zur Bestätigung, zum Zurücksetzen des Passworts und zu Änderungen unserer Richtlinien;",
  privacyUsesReports:
    "um Meldungen zu prüfen, unsere Nutzungsbedingungen durchzusetzen und Mitglieder zu schützen, insbesondere Minderjährige;",
  privacyUsesFraud: "um Betrug, Missbrauch und Sicherheitsvorfälle zu erkennen und zu verhindern;",
  privacyUsesStatistics:
    "um zusammengefasste Statistiken zu erstellen, die uns helfen, den Dienst zu verbessern;",
  privacyUsesLegal: "um unsere rechtlichen Pflichten zu erfüllen.",
  privacyUses1:
    "Das Matching erfolgt automatisiert, entfaltet dir gegenüber aber keine rechtliche oder ähnlich erhebliche Wirkung. Wir senden ohne deine Einwilligung keine Werbe-E-Mails und erstellen keine Werbeprofile.",

  privacySharingTitle: "5. Weitergabe deiner Daten",
  privacySharing1:
    "<strong>Wir verkaufen deine personenbezogenen Daten nicht</strong> und geben sie nicht zu Werbezwecken weiter. Während eines Anrufs sieht dein Gegenüber deinen Benutzernamen, deine Standortangabe, deinen Hashtag, deine Reaktionen und alles, was deine Kamera zeigt. Darüber hinaus geben wir Daten nur weiter an:",
  privacySharingProviders:
    "Dienstleister, die in unserem Auftrag handeln (Auftragsverarbeiter): unseren Hosting-Anbieter, unseren E-Mail-Anbieter und, falls genutzt, verschlüsselte Relay-Server für Anrufe;",
  privacySharingStripe:
    "Stripe, das Zahlungen für uns abwickelt und für manche Zwecke, etwa die Betrugsprävention, nach seiner eigenen Datenschutzerklärung handelt;",
  privacySharingAuthorities:
    "Polizei, Gerichte und andere Behörden, wenn das Gesetz es verlangt oder es nötig ist, um Leben oder Sicherheit eines Menschen zu schützen.",
  privacySharing2:
    "Verarbeitet ein Dienstleister Daten außerhalb des Europäischen Wirtschaftsraums, nutzen wir die von der DSGVO vorgeschriebenen Garantien, etwa einen Angemessenheitsbeschluss der Europäischen Kommission oder Standardvertragsklauseln. Eine Kopie kannst du unter {privacy} anfordern.",

  privacyRightsTitle: "6. Deine Rechte",
  privacyRightsIntro: "Nach der DSGVO hast du das Recht:",
  privacyRightsAccess:
    "Auskunft über deine personenbezogenen Daten und eine Kopie davon zu erhalten;",
  privacyRightsRectify: "unrichtige Daten berichtigen zu lassen (Berichtigung);",
  privacyRightsErase: "deine Daten löschen zu lassen;",
  privacyRightsRestrict: "die Verarbeitung deiner Daten einschränken zu lassen;",
  privacyRightsPortable:
    "die Daten, die du uns gegeben hast, in einem übertragbaren, maschinenlesbaren Format zu erhalten;",
  privacyRightsObject:
    "der Verarbeitung aufgrund unserer berechtigten Interessen zu widersprechen;",
  privacyRightsWithdraw: "deine Einwilligung jederzeit zu widerrufen.",
  privacyRights1:
    "Vieles davon kannst du selbst in deinem Profil erledigen, auch die Löschung deines Kontos. Für alles andere schreib an {privacy}. Wir antworten innerhalb von 30 Tagen. Ist eine Anfrage besonders komplex, erlaubt uns die DSGVO, diese Frist um bis zu zwei Monate zu verlängern; in diesem Fall sagen wir dir innerhalb der ersten 30 Tage Bescheid. Die Ausübung deiner Rechte ist kostenlos, und wir können dich zuerst bitten, deine Identität zu bestätigen.",

  privacyRetentionTitle: "7. Speicherdauer",
  privacyRetentionAccount:
    "<strong>Konto- und Profildaten:</strong> werden gespeichert, solange dein Konto besteht, und innerhalb von 30 Tagen nach der Löschung deines Kontos gelöscht.",
  privacyRetentionLocation:
    "<strong>Standort:</strong> Deine Koordinaten werden nie gespeichert; die grobe Angabe und das Gebiet werden ersetzt, wenn du sie aktualisierst, und mit deinem Konto gelöscht.",
  privacyRetentionSessions:
    "<strong>Anrufstatistiken:</strong> werden 2 Jahre gespeichert und dann gelöscht.",
  privacyRetentionSecurity:
    "<strong>Sicherheitsprotokolle:</strong> werden 1 Jahr gespeichert und dann gelöscht.",
  privacyRetentionAddresses:
    "<strong>Adressen, von denen du dich angemeldet hast:</strong> jede wird 90 Tage nach deiner letzten Anmeldung von dort gespeichert, damit du dich weiterhin anmelden kannst, während jemand anderswo dein Passwort zu erraten versucht; sie werden mit deinem Konto gelöscht.",
  privacyRetentionDevices:
    "<strong>Deine angemeldeten Geräte:</strong> für jede Sitzung der Browser und das System, die sie angab, die Stadt, als die der von diesem Gerät geteilte Standort benannt wurde, und wann sie zuletzt aktiv war, gespeichert bis zur Abmeldung oder bis ihre 30 Tage enden; die Browser, mit denen sich dein Konto angemeldet hat, nur an einem Hash ihres Gerätecookies erkennbar, gespeichert ein Jahr nach der letzten Anmeldung mit jedem. Alles wird mit deinem Konto gelöscht.",
  privacyRetentionReports:
    "<strong>Meldungen:</strong> werden für die Moderationsunterlagen aufbewahrt, aber ohne personenbezogene Daten: Sobald ein beteiligtes Konto gelöscht ist, entfernen wir Benutzernamen, Kennungen und Freitextangaben und behalten nur Grund, Datum und Ergebnis.",
  privacyRetentionPayments:
    "<strong>Zahlungsunterlagen:</strong> werden so lange aufbewahrt, wie es das Steuer- und Handelsrecht verlangt, in der Regel fünf Jahre nach Ende des Jahres der Zahlung.",
  privacyRetention1:
    "Bestimmte Daten bewahren wir nur dann länger auf, wenn dies zur Geltendmachung oder Abwehr von Rechtsansprüchen nötig ist oder eine Behörde es rechtmäßig verlangt.",

  privacySecurityTitle: "8. Sicherheit",
  privacySecurityHttps:
    "Der gesamte Datenverkehr zwischen deinem Browser und unseren Servern wird bei der Übertragung verschlüsselt (HTTPS);",
  privacySecurityMedia:
    "die Medien eines Anrufs werden Peer-to-Peer mit DTLS-SRTP verschlüsselt, und ein Fingerabdruck wird angezeigt, damit die Verbindung geprüft werden kann; Relays können sie nicht entschlüsseln;",
  privacySecurityPasswords: "Passwörter werden nur als Hash gespeichert, nie in lesbarer Form;",
  privacySecurityCookie:
    "dein Sitzungscookie ist HttpOnly, sodass Skripte auf der Seite es nicht lesen können;",
  privacySecurityFaceBlur:
    "die standardmäßig aktive Gesichtsunschärfe läuft auf deinem Gerät und macht gefundene Gesichter unscharf, bevor dein Video es verlässt; solange sie noch nicht bereit ist, wenn sie nicht geladen werden kann und wenn sie nicht hinterherkommt, verpixelt sie stattdessen den Bildbereich, in dem Gesichter üblicherweise sind. Sie kann Gesichter übersehen, die klein, weit entfernt, abgewandt oder teilweise verdeckt sind;",
  privacySecurityShield:
    "der standardmäßig aktive Schutzschild hält das Video deines Gegenübers unscharf, bis eine Prüfung auf deinem Gerät es als unbedenklich einstuft, und macht es mit einer Warnung erneut unscharf, wenn ein Bild Nacktheit enthalten könnte. Kann die Prüfung nicht laufen, bleibt das Video unscharf, bis du tippst, um es anzuzeigen. Er kann sich in beide Richtungen irren;",
  privacySecurityStaff:
    "Zugriff auf personenbezogene Daten haben nur Mitarbeitende, die ihn für ihre Arbeit brauchen.",
  privacySecurity1:
    "Kein System ist vollkommen sicher. Gefährdet eine Datenpanne deine Daten, melden wir dies der Aufsichtsbehörde und informieren dich, wenn das Risiko für dich hoch ist, unverzüglich.",

  privacyCookiesTitle: "9. Cookies und Speicher im Browser",
  privacyCookies1:
    "Wir verwenden nur unbedingt erforderliche Cookies: ein Sitzungscookie, das dich angemeldet hält (bei der Anmeldung gesetzt, bei der Abmeldung entfernt); ein Gerätecookie, ein zufälliger Wert, der bei der Anmeldung gesetzt und bis zu 400 Tage gespeichert wird und an dem wir einen Browser erkennen, den dein Konto schon benutzt hat, damit wir dir eine E-Mail schicken können, wenn sich jemand mit einem neuen Browser bei deinem Konto anmeldet (es dient keinem anderen Zweck); ein Cookie, das sich die von dir gewählte Sprache merkt, wenn du eine wählst; und ein kurzlebiges Cookie, das einen Hinweis (etwa „Erfolgreich angemeldet“) an die nächste Seite weitergibt. Da der Dienst ohne sie nicht funktioniert, ist keine Einwilligung nötig.",
  privacyCookies2:
    "Wir verwenden keine Werbe-, Analyse- oder Tracking-Cookies und erlauben Dritten nicht, solche über den Dienst zu setzen. Die eigenen Bezahlseiten von Stripe können Cookies setzen, die für die Zahlungssicherheit nötig sind; dafür gelten die Richtlinien von Stripe.",
  privacyCookies3:
    "Deine Filter und ähnliche Einstellungen können außerdem im lokalen Speicher deines Browsers abgelegt werden, damit sie beim nächsten Mal bereitstehen. Diese Daten bleiben auf deinem Gerät; du kannst sie jederzeit in deinen Browsereinstellungen löschen.",

  privacyChildrenTitle: "10. Kinder",
  privacyChildren1:
    "Glimpse ist nur für Erwachsene ab 18 Jahren. Wir erheben wissentlich keine personenbezogenen Daten von Personen unter 18. Erfahren wir, dass ein Konto einer minderjährigen Person gehört, entfernen wir es und löschen seine Daten, mit Ausnahme dessen, was wir nach dem Gesetz aufbewahren oder zum Schutz des Kindes an die Behörden weitergeben müssen.",
  privacyChildren2:
    "Triffst du während eines Anrufs jemanden, der unter 18 zu sein scheint, melde die Person bitte mit dem Grund „{reason}“. Eltern und Erziehungsberechtigte können sich auch an {privacy} wenden.",

  privacyCaliforniaTitle: "11. Datenschutzrechte in Kalifornien",
  privacyCaliforniaIntro:
    "Wenn du in Kalifornien lebst, gibt dir der California Consumer Privacy Act (CCPA) das Recht:",
  privacyCaliforniaKnow:
    "zu erfahren, welche personenbezogenen Informationen wir erheben, verwenden und offenlegen, und eine Kopie davon zu erhalten;",
  privacyCaliforniaDelete: "deine personenbezogenen Informationen löschen zu lassen;",
  privacyCaliforniaCorrect: "unrichtige personenbezogene Informationen berichtigen zu lassen;",
  privacyCaliforniaOptOut:
    "dem Verkauf oder der Weitergabe deiner personenbezogenen Informationen zu widersprechen. Wir verkaufen oder teilen keine personenbezogenen Informationen im Sinne des CCPA und haben dies auch in den letzten 12 Monaten nicht getan;",
  privacyCaliforniaEqual: "wegen der Ausübung dieser Rechte nicht benachteiligt zu werden.",
  privacyCalifornia1:
    "Die Kategorien, die wir erheben, sind in Abschnitt 2 beschrieben. Für eine Anfrage schreib an {privacy}; du kannst auch einen bevollmächtigten Vertreter beauftragen. Wir prüfen deine Anfrage und antworten innerhalb von 45 Tagen. Brauchen wir mehr Zeit, sagen wir dir, warum, und können die Frist, wie gesetzlich zulässig, einmal um weitere 45 Tage verlängern.",

  privacyChangesTitle: "12. Änderungen dieser Erklärung",
  privacyChanges1:
    "Wir können diese Datenschutzerklärung aktualisieren, wenn sich der Dienst oder das Gesetz ändert. Über wesentliche Änderungen informieren wir dich mindestens 30 Tage vor ihrem Inkrafttreten per E-Mail und in der App und erklären, was sich ändert. Erfordert eine Änderung deine Einwilligung, bitten wir dich darum.",

  privacyAuthorityTitle: "13. Aufsichtsbehörden",
  privacyAuthority1:
    "Du hast das Recht, dich bei einer Datenschutz-Aufsichtsbehörde zu beschweren. Unsere federführende Behörde ist der Präsident des Amtes für den Schutz personenbezogener Daten (Prezes Urzędu Ochrony Danych Osobowych, UODO), ul. Stawki 2, 00-193 Warszawa, Polen.",
  privacyAuthority2:
    "Du kannst dich auch bei der Aufsichtsbehörde des EU-Landes beschweren, in dem du lebst oder arbeitest oder in dem deiner Ansicht nach ein Verstoß stattgefunden hat. Wir würden uns freuen, dein Anliegen zuerst selbst klären zu dürfen, also melde dich gern vorher bei uns.",

  privacyContactTitle: "14. Kontakt",
  privacyContact1:
    "Bei Fragen zu dieser Datenschutzerklärung oder um deine Rechte auszuüben, schreib an {privacy}.",
  privacyContactDpo: "Unseren Datenschutzbeauftragten erreichst du direkt unter {dpo}.",
  privacyContactPost: "Per Post:",
} satisfies Translation<typeof en>;
