import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  lastUpdated: "最后更新：{date}",
  translationNotice: "本文为译文；如与英文版本有任何不一致，以英文版本为准。",

  // 服务条款
  termsAcceptanceTitle: "1. 接受条款",
  termsAcceptance1:
    "本服务条款（“本条款”）是您与 Glimpse（“本服务”）的运营方 {operatorName}（{operatorAddress}，以下称“我们”）之间的协议。您每次在任何设备上访问或使用本服务时，本条款均适用。",
  termsAcceptance2:
    "创建账户或以任何其他方式使用本服务，即表示您确认已阅读并理解本条款，并同意接受本条款。如果您不同意，请不要使用本服务。",
  termsAcceptance3:
    "我们的<link>隐私政策</link>说明了我们如何处理您的个人数据，应与本条款一并阅读。",

  termsServiceTitle: "2. 本服务",
  termsService1:
    "Glimpse 会将两位已登录且互不相识的成年人配对，进行一次简短的第一视角（POV）实时音视频通话。每次通话最长 30 秒，通常使用后置摄像头，让您向对方展示身边的景象，而不是您的脸。",
  termsServiceIncludes: "本服务包括：",
  termsServiceFilters: "基于位置、话题标签和语言的配对筛选；",
  termsServiceReactions: "通话中的表情回应，以及通话结束时的简短总结；",
  termsServiceFaceBlur:
    "人脸模糊（默认开启）：在您自己的设备上，对您发送的视频和您录制的片段中检测到的人脸进行模糊处理；",
  termsServiceShield:
    "安全防护（默认开启）：在您自己的设备上，让对方的视频在检查完成前保持模糊；如果画面可能含有裸露内容，会再次模糊并发出提醒；",
  termsServiceRecorder:
    "片段录制器：在您自己的设备上录制最长 30 秒的片段，之后您可以自行下载或分享；",
  termsServiceTools: "举报和屏蔽工具、邀请码、推荐页面和排行榜页面；",
  termsServicePlans: "免费方案以及付费方案（Basic、Plus 和 VIP），提供更高的额度和更多功能。",
  termsService2:
    "通话在两台设备之间直接连接（点对点），并经过加密。我们不会录制或存储任何通话的视频或音频。对方只能看到一个粗略的位置标签，例如“城市, 国家”，绝不会看到您的确切位置。",
  termsService3:
    "付费方案通过我们的支付服务商 Stripe 按月计费，价格以您确认前在订阅页面上显示的为准。您可以随时取消；取消后，付费功能将保持有效，直至已付费周期结束。如果您是欧盟境内的消费者，您可以在购买付费方案后 14 天内无需说明理由撤回，只需发送邮件至 {support}。如果您要求我们立即开通付费功能，我们可以保留与已提供服务相当的费用。",

  termsEligibilityTitle: "3. 资格与您的账户",
  termsEligibility1:
    "您必须年满 18 周岁才能创建账户或使用本服务。注册即表示您确认自己已年满 18 周岁，且向我们提供的信息准确、完整。请在个人资料中保持信息为最新状态。",
  termsEligibilityAgree: "Glimpse 仅限受邀加入。持有账户期间，您同意：",
  termsEligibilityInvite: "您使用有效的邀请码注册，且不会买卖邀请；",
  termsEligibilityOneAccount: "您只拥有一个账户，且仅供您本人使用；",
  termsEligibilityPassword: "您会对密码保密，不会共享账户，也不会让他人登录您的账户；",
  termsEligibilityEmail: "在我们要求时，您会验证您的电子邮箱地址；",
  termsEligibilityAccess: "如果您认为有他人访问了您的账户，您会立即通过 {support} 告知我们。",
  termsEligibility2:
    "您须对通过您账户发生的一切负责，除非该情况是由于我们自身的过失造成，或发生在您告知我们账户已被盗用之后。",

  termsUseTitle: "4. 可接受的使用",
  termsUseIntro:
    "只有当每个人都能相信屏幕另一端的人会举止得体时，Glimpse 才能正常运转。使用本服务时，您不得：",
  termsUseSexual: "展示裸露、性行为或任何其他色情内容；",
  termsUseHarass: "骚扰、欺凌、威胁、侮辱或恐吓任何人，或宣扬仇恨或暴力；",
  termsUseIllegal: "从事、展示、策划或鼓励任何违法行为；",
  termsUseFilming: "拍摄未同意被拍摄的人，尤其是在住宅、浴室、更衣室或医疗场所等私密场所；",
  termsUseRecording:
    "未经其他成员明确同意，录制、截屏或分享其视频或音频，无论是使用片段录制器还是通过任何其他方式；",
  termsUseMinors:
    "以任何方式牵涉、展示或针对未满 18 周岁的人，或在您自己未满 18 周岁时使用本服务；",
  termsUseImpersonate: "冒充他人或其他组织，或虚假陈述您的身份；",
  termsUseSpam: "发送垃圾信息、广告、诈骗信息或未经请求的商业信息；",
  termsUseCircumvent:
    "规避我们的额度、屏蔽、封禁、年龄规定、支付或安全措施，例如创建新账户或使用自动化工具；",
  termsUseInterfere: "干扰本服务或其用户，攻击我们的系统，或访问不属于您的账户或数据。",
  termsUse2:
    "人脸模糊有助于保护您拍摄到的人，但它对距离较近、正对镜头的人脸效果最好，可能会漏掉较小、较远、侧转或被部分遮挡的人脸；如果您将其关闭，您的视频将按原样发送。您仍须对摄像头拍到的内容负责，因此请不要将镜头对准未同意出镜的人。您录制的片段保存在您的设备上：在分享之前，请确保已获得片段中所有可被识别的人的同意，并且分享行为合法。",

  termsIpTitle: "5. 知识产权",
  termsIp1:
    "本服务（包括其软件、设计、文字、图形以及 Glimpse 名称和标志）归我们或我们的许可方所有，受知识产权法保护。在本条款有效期间，我们授予您一项个人的、非独占的、不可转让且可撤销的许可，允许您按预期用途使用本服务。除法律明确允许的情况外，您不得复制、修改、出售本服务或对其进行逆向工程。",
  termsIp2:
    "您保留对自己所创作内容的全部权利：您的个人资料信息、您的摄像头拍摄的内容以及您录制的片段。我们不主张对其中任何内容的所有权。为使我们能够运营本服务，在您的账户存续期间，您授予我们一项非独占、免版税的许可，以存储您的个人资料信息（例如用户名、显示名称、头像、简介和话题标签），并在本服务内向其他成员展示。",
  termsIp3:
    "请只分享您有权分享的内容。如果您认为本服务中的某些内容侵犯了您的权利，请写信至 {support}，并提供足够的详细信息以便我们找到该内容。",

  termsPrivacyTitle: "6. 隐私",
  termsPrivacy1:
    "我们重视您的隐私。我们的<link>隐私政策</link>说明了我们收集哪些个人数据、为何收集、保存多久以及您享有哪些权利。",
  termsPrivacyShort: "简而言之：",
  termsPrivacyNoRecording: "我们绝不录制或存储您通话的视频或音频；",
  termsPrivacyLocation:
    "您的确切位置绝不会离开我们的服务器：我们会将其转换为粗略的“城市, 国家”标签和一个几公里范围的区域，并且不会存储您的坐标；",
  termsPrivacyFaceBlur: "人脸模糊在您自己的设备上运行：不会为检测人脸而将任何画面发送到任何地方；",
  termsPrivacyShield:
    "安全防护在您自己的设备上检查对方的视频：不会为检查而将任何画面发送到任何地方；",
  termsPrivacyNoSale: "我们不会出售您的个人数据。",

  termsModerationTitle: "7. 内容审核与举报",
  termsModeration1: "通话期间，您可以随时使用“举报”按钮。请选择最合适的理由：",
  termsModeration2:
    "您可以补充详细信息，帮助我们了解发生了什么，也可以同时屏蔽对方。我们不会再将您与已屏蔽的成员配对。",
  termsModeration3:
    "我们的审核人员会审查举报，并可能查看账户信息和通话记录，例如时间、时长和以往的举报。由于我们不存储视频或音频，您清晰的描述对我们帮助很大。根据违规的严重程度，我们可能会警告该成员、限制其功能、暂时停用其账户或永久关闭其账户。在法律要求或有人的生命或安全面临危险时，我们会向主管机关报告。",
  termsModeration4:
    "如果我们对您的账户采取措施，我们会告知您我们的决定及理由，除非法律禁止或这样做会使他人面临风险。如果您认为我们的决定有误，请写信至 {support}，我们会安排专人重新审查该决定。",
  termsModeration5: "请不要滥用举报功能。明知虚假或恶意的举报本身即违反本条款。",

  termsTerminationTitle: "8. 终止",
  termsTermination1:
    "您可以随时停止使用 Glimpse，并在个人资料中删除您的账户。我们会在删除后 30 天内删除您的账户数据。如法律有要求或出于安全原因需要，部分记录可能会保留更长时间，具体见我们的<link>隐私政策</link>。删除账户也会停止任何付费方案的续订。",
  termsTerminationIf: "在以下情况下，我们可能会停用或关闭您的账户：",
  termsTerminationBreach: "您严重或多次违反本条款；",
  termsTerminationMinor: "我们有充分理由相信您未满 18 周岁；",
  termsTerminationLaw: "法律或主管机关要求我们这样做；",
  termsTerminationRisk: "您的账户危及其他成员、本服务或第三方。",
  termsTermination2:
    "除非法律或安全原因不允许，我们会告知您原因。如果我们因您违反本条款以外的原因关闭您的账户，或者我们完全停止提供本服务，我们将退还您已付费周期中未使用部分的费用，并在可能的情况下提前合理时间通知您。",

  termsLiabilityTitle: "9. 免责声明与责任限制",
  termsLiability1:
    "通话是在成员之间实时进行的。我们不会事先观看通话，也不对其他成员展示或说出的内容负责，但我们会按上文所述处理举报。我们的隐私与安全工具（包括人脸模糊和安全防护）可以降低风险，但无法完全消除风险，有时也可能有所遗漏。人脸模糊仅作用于您发送的视频。安全防护默认开启，会模糊对方向您展示的画面，直到您设备上的检查认为其安全为止；如果某一帧可能含有裸露内容，会再次模糊。它可能出现两种方向的误判；如果您选择显示它曾提醒过的视频，或关闭安全防护，您看到的将是对方发送的原始视频。您可以随时结束并举报通话。",
  termsLiability2:
    "我们努力保持本服务可用和安全，但无法保证本服务始终不中断、没有错误，也无法保证在任何时候都能找到配对对象。我们可能会更改、改进或撤下某些功能，但不会在当前计费周期内削减您已付费的付费功能。",
  termsLiability3:
    "对于法律不允许限制或排除的责任，本条款中的任何内容均不限制或排除我们的责任，尤其是我们故意或因重大过失造成的损害、导致死亡或人身伤害的责任，以及依据强制性消费者保护法应承担的责任，包括本服务不符合合同约定时您享有的法定权利。在上述范围内，对于无法合理预见的损失，或由其他成员或超出我们合理控制范围的事件造成的损失，我们不承担责任。",

  termsLawTitle: "10. 适用法律与争议解决",
  termsLaw1:
    "本条款受波兰共和国法律管辖。如果您是居住在欧盟的消费者，这一法律选择不会剥夺您所在国家强制性消费者保护规定给予您的保护。",
  termsLaw2:
    "如发生争议，请先通过 {support} 联系我们；大多数问题都能由此迅速解决。如果我们无法解决，您可以向波兰有管辖权的法院或您居住地的法院提起诉讼。作为消费者，您还可以使用您所在国家提供的诉讼外投诉与救济机构，例如消费者申诉专员或调解服务。",

  termsChangesTitle: "11. 本条款的变更",
  termsChanges1:
    "我们可能会更新本条款，例如在新增功能或法律发生变化时。我们会在变更生效前至少 30 天通过电子邮件和应用内通知告知您，并说明变更内容。",
  termsChanges2:
    "如果您不同意某项变更，可以在其生效前删除您的账户。如果您在生效日期后继续使用本服务，更新后的条款将适用于您。只有在法律或主管机关要求时，变更才可能提前生效。",

  termsContactTitle: "12. 联系我们",
  termsContact1: "如果您对本条款或本服务有任何疑问，请写信至 {support}。",
  termsContactOperator: "本服务的运营方：",

  // 隐私政策
  privacyControllerTitle: "1. 谁对您的数据负责",
  privacyController1:
    "您个人数据的控制者是 {operatorName}，一家在波兰注册的公司，地址：{operatorAddress}（以下称“我们”）。我们运营 Glimpse（“本服务”），并决定处理您个人数据的目的和方式。",
  privacyController2: "我们已任命数据保护官，如对您的个人数据有任何疑问，可通过 {dpo} 与其联系。",

  privacyDataTitle: "2. 我们收集的数据",
  privacyDataAccount:
    "<strong>账户数据：</strong>您的用户名、电子邮箱地址及其是否已验证、您的密码（仅以哈希形式存储）、您使用的邀请码和邀请人，以及您的注册时间。",
  privacyDataProfile:
    "<strong>个人资料数据：</strong>您的显示名称、简介、头像和语言，以及您的隐私设置（人脸模糊、安全防护、隐藏位置、通知）。",
  privacyDataLocation:
    "<strong>粗略位置：</strong>如果您允许，您的浏览器会将您的坐标发送到我们的服务器，服务器会在本地（不借助任何外部服务）将其转换为“城市, 国家”标签和一个几公里范围的粗略区域。随后坐标即被丢弃，绝不会被存储。",
  privacyDataFilters:
    "<strong>筛选条件和偏好：</strong>您的位置偏好、所选国家或大洲、话题标签和语言。",
  privacyDataSessions:
    "<strong>通话统计：</strong>您何时与哪个账户配对、通话时长、通话的话题标签和位置标签、表情回应、跳过次数，以及您已使用的通话次数相对于方案额度的情况。",
  privacyDataReports:
    "<strong>举报和屏蔽：</strong>您提交或收到的举报（理由、详情、日期和处理结果），以及您屏蔽的成员。",
  privacyDataPayment:
    "<strong>支付数据：</strong>支付由 Stripe 处理。我们绝不会看到或存储您的卡号；我们只会收到客户编号、您的方案、方案状态和计费日期。",
  privacyDataLogs:
    "<strong>技术日志：</strong>IP 地址、浏览器类型、请求时间、错误以及登录失败等安全事件。",
  privacyDataMessages: "<strong>您发给我们的消息：</strong>您联系我们时所写的内容。",
  privacyDataMedia:
    "<strong>我们不存储视频或音频。</strong>通话在两台设备之间直接传输（点对点），绝不经过我们的服务器；只有在无法直接连接或某位成员隐藏其地址时，才会经过加密中继，而中继无法读取通话内容。片段在您的设备上录制并保存在那里，除非您自己分享。人脸模糊仅在您的设备上检测人脸，使用的是在您浏览器中运行的检测模型；不会为此向我们或任何其他人发送任何画面。它只模糊您发送的视频和您录制的片段，不会模糊对方发给您的视频。安全防护仅在您的设备上检查对方的视频，使用的是在您浏览器中运行的图像分类器：大约每秒两次，对当前画面的一个缩小的小副本进行评分，随后立即丢弃。不会向我们或任何其他人发送任何画面、评分或图片；您通过安全防护提交的举报与其他举报一样，只包含理由和您填写的内容。{ipNote}",
  privacyIpAlways:
    "本站的所有通话都经由我们的中继服务器传输，因此对方的设备只能看到中继的地址，绝不会看到您的地址。中继会看到您的地址（我们的网站同样如此），它只转发加密的音频和视频，无法读取其内容；经中继的通话可能需要稍长的时间才能开始。",
  privacyIpUnavailable:
    "本站未配置中继服务器，因此“{label}”开关不可用：与所有点对点通话一样，在建立通话时，对方的设备会获知您设备的网络（IP）地址。",
  privacyIpChoice:
    "开启“{label}”后（在您的个人资料的“隐私”中；{byDefault}），您这一端的每次通话都只经由我们的中继服务器传输，因此对方的设备看到的是中继的地址，而不是您的地址。中继会看到您的地址（我们的网站同样如此），它只转发加密的音频和视频，无法读取其内容；经中继的通话可能需要稍长的时间才能开始。关闭该开关时，与所有点对点通话一样，在建立通话时，对方的设备会获知您设备的网络（IP）地址。",
  privacyIpOnByDefault: "默认开启，除非您将其关闭",
  privacyIpOffByDefault: "默认关闭，除非您将其开启",

  privacyBasesTitle: "3. 处理的法律依据",
  privacyBasesIntro: "根据《通用数据保护条例》（GDPR），我们依据以下法律基础：",
  privacyBasesContract:
    "<strong>合同</strong>（第 6(1)(b) 条）：用于创建和运营您的账户、为您配对、应用您的筛选条件和方案，以及处理订阅。",
  privacyBasesInterests:
    "<strong>正当利益</strong>（第 6(1)(f) 条）：用于保障本服务及其成员的安全、防止滥用、审核举报、保护我们的系统、了解本服务的使用情况以及应对法律索赔。您可以随时反对此类处理。",
  privacyBasesConsent:
    "<strong>同意</strong>（第 6(1)(a) 条）：用于使用您的设备位置和发送可选通知。您可以随时在浏览器或个人资料中撤回同意；这不影响撤回前已进行的处理。",
  privacyBasesObligation:
    "<strong>法定义务</strong>（第 6(1)(c) 条）：用于保存会计和税务记录，以及答复主管机关的合法要求。",

  privacyUsesTitle: "4. 我们如何使用您的数据",
  privacyUsesAccount: "为您注册、验证您的电子邮箱、让您登录并保持登录状态；",
  privacyUsesMatching: "根据您的筛选条件将您与其他成员配对，并显示位置标签；",
  privacyUsesPlan: "应用您方案的额度和功能，并处理付款；",
  privacyUsesEmails: "发送服务邮件，例如验证邮件、密码重置邮件和政策变更通知；",
  privacyUsesReports: "审查举报、执行我们的服务条款并保护成员，尤其是未成年人；",
  privacyUsesFraud: "发现和防范欺诈、滥用和安全事件；",
  privacyUsesStatistics: "生成帮助我们改进本服务的汇总统计数据；",
  privacyUsesLegal: "履行我们的法定义务。",
  privacyUses1:
    "配对是自动进行的，但不会对您产生法律效力或类似的重大影响。未经您同意，我们不会发送营销邮件，也不会建立广告画像。",

  privacySharingTitle: "5. 数据共享",
  privacySharing1:
    "<strong>我们不会出售您的个人数据</strong>，也不会将其用于广告共享。通话期间，对方可以看到您的用户名、位置标签、话题标签、表情回应以及您的摄像头拍到的任何内容。除此之外，我们只会与以下各方共享数据：",
  privacySharingProviders:
    "按照我们的指示行事的服务提供商（处理者）：我们的托管服务商、电子邮件服务商，以及（如有使用）用于通话的加密中继服务器；",
  privacySharingStripe:
    "Stripe，它代表我们处理付款，并在防范欺诈等部分用途上依据其自身的隐私政策处理数据；",
  privacySharingAuthorities:
    "警方、法院和其他主管机关，在法律要求或为保护某人的生命或安全所必需时。",
  privacySharing2:
    "如果服务提供商在欧洲经济区以外处理数据，我们会采取 GDPR 要求的保障措施，例如欧盟委员会的充分性认定或标准合同条款。您可以通过 {privacy} 向我们索取副本。",

  privacyRightsTitle: "6. 您的权利",
  privacyRightsIntro: "根据 GDPR，您有权：",
  privacyRightsAccess: "访问您的个人数据并获取副本；",
  privacyRightsRectify: "要求更正不准确的数据（更正权）；",
  privacyRightsErase: "要求删除您的数据；",
  privacyRightsRestrict: "限制我们处理您数据的方式；",
  privacyRightsPortable: "以可移植、机器可读的格式获取您提供给我们的数据；",
  privacyRightsObject: "反对基于我们正当利益的处理；",
  privacyRightsWithdraw: "随时撤回您的同意。",
  privacyRights1:
    "其中很多事项您可以在个人资料中自行完成，包括删除账户。其他事项请写信至 {privacy}。我们会在 30 天内答复。如果请求特别复杂，GDPR 允许我们将答复期限最多延长两个月；如需延长，我们会在最初的 30 天内告知您。行使您的权利是免费的，我们可能会先请您确认身份。",

  privacyRetentionTitle: "7. 数据保存",
  privacyRetentionAccount:
    "<strong>账户和个人资料数据：</strong>在您的账户存续期间保存，并在您删除账户后 30 天内删除。",
  privacyRetentionLocation:
    "<strong>位置：</strong>您的坐标绝不会被存储；粗略标签和区域会在您更新时被替换，并随您的账户一起删除。",
  privacyRetentionSessions: "<strong>通话统计：</strong>保存 2 年，之后删除。",
  privacyRetentionSecurity: "<strong>安全日志：</strong>保存 1 年，之后删除。",
  privacyRetentionAddresses:
    "<strong>您登录时使用的地址：</strong>每个地址在您最后一次从该地址登录后保存 90 天，这样即使有人在别处试图猜测您的密码，您仍然可以登录；这些地址会随您的账户一起删除。",
  privacyRetentionDevices:
    "<strong>你已登录的设备：</strong>每个会话所报告的浏览器和系统、该设备自己分享的位置被命名的城市以及最近活动时间，保留到该会话退出登录或 30 天期满为止；你的账户登录过的浏览器只以其设备 Cookie 的哈希值识别，在每个浏览器最后一次登录后保留一年。这些数据都会随你的账户一起删除。",
  privacyRetentionReports:
    "<strong>举报：</strong>作为审核记录保存，但不含个人数据：一旦相关账户被删除，我们会移除用户名、标识符和自由填写的详情，只保留理由、日期和处理结果。",
  privacyRetentionPayments:
    "<strong>支付记录：</strong>按照税务和会计法律要求的期限保存，一般为付款年度结束后五年。",
  privacyRetention1:
    "只有在为确立或抗辩法律主张所必需，或主管机关依法要求时，我们才可能将特定数据保存更长时间。",

  privacySecurityTitle: "8. 安全",
  privacySecurityHttps: "您的浏览器与我们服务器之间的所有流量在传输过程中均经过加密（HTTPS）；",
  privacySecurityMedia:
    "通话媒体通过 DTLS-SRTP 进行点对点加密，并会显示指纹以便核验连接；中继无法解密；",
  privacySecurityPasswords: "密码仅以哈希形式存储，绝不会以可读形式存储；",
  privacySecurityCookie: "您的会话 Cookie 设置了 HttpOnly，页面上的脚本无法读取；",
  privacySecurityFaceBlur:
    "人脸模糊默认开启，在您的设备上运行，会在您的视频离开设备之前模糊检测到的人脸；在其准备就绪之前、无法加载时以及处理跟不上时，它会改为对画面中通常出现人脸的区域进行像素化处理。它可能会漏掉较小、较远、侧转或被部分遮挡的人脸；",
  privacySecurityShield:
    "安全防护默认开启，会让对方的视频保持模糊，直到您设备上的检查认为其安全为止；当某一帧可能含有裸露内容时，会再次模糊并发出提醒。如果检查无法运行，视频会一直保持模糊，直到您点按显示。它可能出现两种方向的误判；",
  privacySecurityStaff: "只有因工作需要的员工才能访问个人数据。",
  privacySecurity1:
    "没有任何系统是绝对安全的。如果发生数据泄露并危及您的数据，我们会通知监管机构；如果对您的风险较高，我们还会及时告知您。",

  privacyCookiesTitle: "9. Cookie 与浏览器存储",
  privacyCookies1:
    "我们只使用绝对必要的 Cookie：一个让你保持登录的会话 Cookie（登录时设置，退出登录时删除）；一个设备 Cookie，是登录时设置的随机值，最多保留 400 天，我们用它识别你的账户用过的浏览器，以便在有人从新的浏览器登录你的账户时给你发邮件（它不用于其他任何目的）；一个记住你所选语言的 Cookie（如果你选择了语言）；以及一个把提示（例如“登录成功”）带到下一个页面的短期 Cookie。由于没有它们服务就无法运行，因此无需征得同意。",
  privacyCookies2:
    "我们不使用任何广告、分析或跟踪 Cookie，也不允许第三方通过本服务放置此类 Cookie。Stripe 自己的结账页面可能会根据 Stripe 的政策设置支付安全所需的 Cookie。",
  privacyCookies3:
    "您的筛选条件和类似偏好也可能保存在浏览器的本地存储中，以便下次直接使用。这些数据保留在您的设备上；您可以随时在浏览器设置中清除。",

  privacyChildrenTitle: "10. 儿童",
  privacyChildren1:
    "Glimpse 仅面向年满 18 周岁的成年人。我们不会在知情的情况下收集未满 18 周岁者的个人数据。如果我们得知某个账户属于未成年人，我们会移除该账户并删除其数据，但法律要求我们保留或为保护该儿童而须提交给主管机关的数据除外。",
  privacyChildren2:
    "如果您在通话中遇到看起来未满 18 周岁的人，请以“{reason}”为理由举报。家长和监护人也可以写信至 {privacy}。",

  privacyCaliforniaTitle: "11. 加利福尼亚州隐私权利",
  privacyCaliforniaIntro: "如果您居住在加利福尼亚州，《加州消费者隐私法》（CCPA）赋予您以下权利：",
  privacyCaliforniaKnow: "了解我们收集、使用和披露哪些个人信息，并获取副本；",
  privacyCaliforniaDelete: "要求删除您的个人信息；",
  privacyCaliforniaCorrect: "要求更正不准确的个人信息；",
  privacyCaliforniaOptOut:
    "选择退出对您个人信息的出售或共享。我们不会出售或共享 CCPA 所定义的个人信息，在过去 12 个月内也未曾这样做；",
  privacyCaliforniaEqual: "不因行使上述任何权利而受到歧视。",
  privacyCalifornia1:
    "我们收集的数据类别见第 2 节。如需提出请求，请写信至 {privacy}；您也可以委托授权代理人。我们会核实您的请求，并在 45 天内答复。如需更多时间，我们会说明原因，并可按法律允许再延长一次，最多 45 天。",

  privacyChangesTitle: "12. 本政策的变更",
  privacyChanges1:
    "当本服务或法律发生变化时，我们可能会更新本隐私政策。对于重大变更，我们会在生效前至少 30 天通过电子邮件和应用内通知告知您，并说明变更内容。如果某项变更需要您的同意，我们会征求您的同意。",

  privacyAuthorityTitle: "13. 监管机构",
  privacyAuthority1:
    "您有权向数据保护监管机构投诉。我们的牵头监管机构是波兰个人数据保护局局长（Prezes Urzędu Ochrony Danych Osobowych，UODO），地址：ul. Stawki 2, 00-193 Warszawa, 波兰。",
  privacyAuthority2:
    "您也可以向您居住地、工作地或您认为发生侵权行为所在地的欧盟国家的监管机构投诉。我们希望有机会先处理您的关切，因此欢迎您在投诉前先与我们联系。",

  privacyContactTitle: "14. 联系我们",
  privacyContact1: "如对本隐私政策有任何疑问或希望行使您的权利，请写信至 {privacy}。",
  privacyContactDpo: "您可以直接通过 {dpo} 联系我们的数据保护官。",
  privacyContactPost: "邮寄地址：",
} satisfies Translation<typeof en>;
