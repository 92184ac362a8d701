import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  yourProfile: "あなたのプロフィール",
  filtersTitle: "フィルターを編集",

  sections: "プロフィールのセクション",
  tabProfile: "プロフィール",
  tabPrivacy: "プライバシーとセキュリティ",

  username: "ユーザー名",
  email: "メールアドレス",
  displayName: "表示名",
  bio: "自己紹介",
  saving: "保存中…",
  saveProfile: "プロフィールを保存",
  saved: "保存しました",
  profileUpdated: "プロフィールを更新しました",
  updateFailed: "プロフィールを更新できませんでした。もう一度お試しください。",

  country: "国",
  city: "都市",
  locating: "現在地を取得中…",
  useMyLocation: "現在地を使う",
  locationNote:
    "正確な位置がサーバーの外に出ることはありません。保存するのは都市、国、約2kmの範囲だけです。",
  locationUpdated: "現在地を更新しました",
  geoUnsupported: "このブラウザーは位置情報に対応していません",
  geoDenied: "位置情報の利用が許可されていません",
  geoUnavailable: "位置情報を取得できません",
  geoTimeout: "位置情報の取得がタイムアウトしました",
  geoNoNames: "この場所の地名が見つかりませんでした",
  geoNamesFailed: "地名を取得できませんでした",
  geoFailed: "現在地を取得できませんでした",

  avatarAlt: "あなたのプロフィール画像",
  changeAvatar: "画像を変更",
  notImage: "画像ファイルを選択してください。",
  avatarFailed: "プロフィール画像を更新できませんでした。もう一度お試しください。",

  privacy: "プライバシー",
  faceBlur: "顔ぼかし",
  faceBlurHelp:
    "送信する映像とクリップに映るすべての顔を、端末上でぼかします。検出の準備ができるまでは、顔が映りやすい範囲にモザイクをかけます。小さい顔、遠くの顔、横を向いた顔、一部が隠れた顔は検出されないことがあります。オフにすると、映像は撮影したまま送信されます。",
  safetyShield: "セーフティシールド",
  safetyShieldHelp:
    "相手の映像は、端末上のチェックで安全と判断されるまでぼかしたままにし、ヌードの可能性があれば再びぼかします。映像のフレームが端末の外に出ることはありません。チェックは誤ることがあります。セッションはいつでも終了して報告できます。",
  hideIp: "相手に IP アドレスを見せない",
  hideIpHelp:
    "通話は当サービスのリレーサーバーを経由するため、相手に見えるのはあなたではなくリレーのアドレスです。リレー経由の通話は、開始までに少し時間がかかることがあります。リレーは音声と映像を暗号化したまま中継するので、内容を見たり聞いたりすることはできません。オフにすると、相手のブラウザーからあなたの IP アドレスが見え、おおよその場所や利用しているインターネットプロバイダーがわかってしまいます。",
  hideIpUnavailable:
    "このサイトにはリレーサーバーが設定されていないため、通話であなたのアドレスを隠すことはできません。",
  hideIpAlways:
    "このサイトはすべての通話をリレーサーバー経由で行うため、相手にあなたのアドレスが見えることはありません。リレー経由の通話は、開始までに少し時間がかかることがあります。リレーが中継するのは暗号化された音声と映像だけです。",
  hideIpNetworkHidden:
    "リレーサーバーが応答しました。通話はリレーを経由するため、相手に見えるのはあなたではなくリレーのアドレスです（「IP アドレスを見せない」がオン）。リレー経由の通話は、開始までに少し時間がかかることがあります。リレーが中継するのは暗号化された音声と映像だけです。",
  hideIpNetworkUnreachable:
    "リレーサーバーに接続できません。「IP アドレスを見せない」がオンの間（プロフィールの「プライバシー」タブ）は、通話はリレーだけを経由するため、つながりません。",
  hideLocation: "詳しい位置を隠す",
  hideLocationHelp: "相手に見えるのは国だけで、都市は表示されません。",
  notifications: "通知",
  notificationsHelp:
    "アカウントと招待に関するメール、およびフィルターに合うメンバーが検索しているときのこのブラウザーへの通知。",

  changePassword: "パスワードを変更",
  updating: "更新中…",
  updatePassword: "パスワードを更新",
  passwordFailed: "パスワードを更新できませんでした。もう一度お試しください。",

  deleteAccount: "アカウントを削除",
  deleteNote:
    "すべての端末から同時にログアウトし、ユーザー名とメールアドレスは再び使えるようになります。個人データは30日以内に削除されます。",
  deleteConfirm: "本当にアカウントを削除しますか？ログアウトされ、この操作は取り消せません。",
  deleteFailed: "アカウントを削除できませんでした。もう一度お試しください。",

  where: "場所",
  locationPreference: "場所の設定",
  global: "世界中",
  continent: "大陸",
  nearby: "近く",
  helpGlobal: "世界中の人とマッチ",
  helpPlace: "選んだ地域の人とマッチ",
  helpCity: "同じ都市の人とマッチ",
  helpNearby: "25km以内の人とマッチ",
  widenAutomatically: "近くに誰もいないときは自動で広げる",
  widenAutomaticallyHelp:
    "フィルターに合う相手がいないとき、または広いフィルターなら誰かに出会えるのに10秒間マッチしないとき、検索が自動で一段階ずつ広がります（都市や近くから国、次に大陸、最後に全員）。ここで保存したフィルターは変わりません。",

  language: "言語",
  languagePreference: "希望する言語",
  anyLanguage: "すべての言語",

  hashtags: "ハッシュタグ",
  addHashtag: "ハッシュタグを追加",
  add: "追加",
  hashtagHint: "文字、数字、_ で{length}文字まで。ハッシュタグは最大{max}個です。",
  quickAdd: "クイック追加：",
  yourHashtags: "あなたのハッシュタグ",
  removeHashtag: "#{tag} を削除",
  cancel: "キャンセル",
  save: "保存",

  filtersSaved: "フィルターを保存しました",
  filtersSavedDescription: "フィルター設定を更新しました。",
  saveError: "フィルターを保存できませんでした",
  saveErrorDescription: "フィルターの保存中に問題が発生しました。もう一度お試しください。",
  badHashtag: "ハッシュタグに使えるのは文字、数字、_ のみです（最大 {max} 文字）。",
  tooManyHashtags: "ハッシュタグは最大 {max} 個までです。",
  badCountry: "リストから国を選んでください。",
  badContinent: "リストから大陸を選んでください。",
  badPreference: "世界中、大陸、国、都市、近くのいずれかを選んでください。",
  badLanguage:
    "すべての言語、または英語、スペイン語、フランス語、ドイツ語、中国語、日本語のいずれかを選んでください。",
  badAgeRange: "年齢の範囲は低い方から高い方の順に指定してください。",

  devicesTitle: "お使いのデバイス",
  devicesNote:
    "アカウントにサインインしているブラウザです。場所は、そのデバイス自身の位置情報を共有した場合にのみ表示されます。最終アクティブは数分ごとに更新されます。",
  deviceOn: "{system} の {browser}",
  deviceBrowserOn: "{system} のブラウザ",
  deviceUnknown: "不明なブラウザ",
  thisDevice: "このデバイス",
  deviceNear: "{city}付近",
  activeRecently: "直近 {minutes} 分以内にアクティブ",
  lastActive: "最終アクティブ：{when}",
  signedInAt: "サインイン：{date}",
  signOutDevice: "サインアウト",
  signOutDeviceLabel: "{device} をサインアウト",
  signOutOthers: "ほかのすべてのデバイスをサインアウト",
  signingOut: "サインアウト中...",
  noOtherDevices: "ほかにサインインしているデバイスはありません。",
  deviceSignedOut: "デバイスをサインアウトしました",
  othersSignedOut: "ほかのすべてのデバイスをサインアウトしました。",
  devicesFailed: "デバイスをサインアウトできませんでした。もう一度お試しください。",
  deviceBadId: "デバイス ID ではありません。",
  deviceNotFound: "そのデバイスはサインインしていません。",
  deviceIsCurrent:
    "これは現在お使いのデバイスです。サインアウトするには「ログアウト」を使ってください。",

  // Passkeys (the Privacy & Security tab; the passkey API's messages are pk*).
  passkeysTitle: "パスキー",
  passkeysNote:
    "パスワードの代わりに、指紋・顔・画面ロックでサインインできます。パスキーはお使いのデバイスまたはパスワードマネージャーに保存されます。",
  addPasskey: "パスキーを追加",
  addingPasskey: "パスキーを待っています...",
  noPasskeys: "パスキーはまだありません。",
  passkeyAdded: "{date} に追加",
  passkeyLastUsed: "最終使用：{when}",
  passkeyNeverUsed: "未使用",
  passkeyNameLabel: "パスキーの名前",
  renamePasskey: "名前を変更",
  renamePasskeyLabel: "{name} の名前を変更",
  savePasskeyName: "保存",
  cancelRename: "キャンセル",
  removePasskey: "削除",
  removePasskeyLabel: "{name} を削除",
  passkeysFailed: "パスキーを変更できませんでした",
  passkeysUnsupported: "このブラウザではパスキーを使用できません。",
  removePassword: "パスワードを削除",
  removePasswordNote:
    "パスキーと確認済みのメールアドレスがあれば、パスワードなしでサインインできます。パスキーを失くした場合は、サインインページの「パスワードをお忘れですか？」から新しいパスワードを設定できます。",
  removePasswordConfirm: "はい、パスワードを削除します",
  removingPassword: "削除しています...",
  noPasswordNote:
    "このアカウントにはパスワードがありません。パスキーでサインインします。パスワードを設定するには、サインインページの「パスワードをお忘れですか？」を使ってください。",
  pkAdded: "パスキーを追加しました",
  pkRenamed: "パスキーの名前を変更しました",
  pkRemoved: "パスキーを削除しました",
  pkRemovedLastFactor:
    "パスキーを削除しました。2 つ目の認証要素がなくなったため、管理ページで設定を求められます。",
  pkPasswordRemoved: "パスワードを削除しました。今後はパスキーでサインインしてください。",
  pkChallengeInvalid:
    "このパスキーのリクエストは期限切れか、すでに使用されています。もう一度お試しください。",
  pkNotVerified: "このパスキーを確認できませんでした。もう一度お試しください。",
  pkWrongSite:
    "このパスキーの応答は別のサイト向けに作成されました。Glimpse を正しいアドレスで開いて、もう一度お試しください。",
  pkUnknown: "このパスキーはどの Glimpse アカウントにも登録されていません。",
  pkAlreadyAdded: "このパスキーはすでにアカウントに追加されています。",
  pkTooMany: "パスキーは最大 {max} 個までです。追加するには 1 つ削除してください。",
  pkNotFound: "そのパスキーはあなたのアカウントにありません。",
  pkBadName: "パスキーには 1〜{max} 文字の名前を付けてください。",
  pkLastPasskey:
    "パスワードがないため、このパスキーが唯一のサインイン方法です。先にパスワードを設定してください（サインインページの「パスワードをお忘れですか？」）。",
  pkNeedsPasskey: "パスワードを削除する前にパスキーを追加してください。",
  pkNeedsVerifiedEmail:
    "パスワードを削除する前にメールアドレスを確認してください。アカウントに戻るための手段になります。",
  pkNoPassword: "このアカウントにはパスワードがありません。",
} satisfies Translation<typeof en>;
