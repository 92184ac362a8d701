import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  pageTitle: "ログイン・新規登録",
  tabsLabel: "ログインまたは新規登録",
  tabLogin: "ログイン",
  tabRegister: "新規登録",
  signedInTitle: "ログインしました",
  signedInRedirect: "Glimpse に移動しています…",
  checkInbox: "メールをご確認ください",
  backToLogin: "ログインに戻る",
  signIn: "ログイン",
  forgotSent:
    "このメールアドレスのアカウントがある場合は、パスワード再設定用のリンクをお送りしています。リンクは1回だけ、1時間以内に使えます。",
  registrationSent:
    "{email} にリンクを送信しました。この端末でリンクを開いて、アカウントの作成を完了してください。",
  resetDone: "新しいパスワードを設定しました。ほかのすべての端末からはログアウトしています。",
  welcome: "Glimpse へようこそ！",
  welcomeNamed: "Glimpse へようこそ、{username} さん！",
  welcomeText:
    "メールアドレスを確認するためのメールをお送りしました。Glimpse は招待制です。あなたの招待を友だちにシェアしましょう。",
  startExploring: "さっそく始める",

  loginTitle: "おかえりなさい",
  identifierLabel: "ユーザー名またはメールアドレス",
  passwordLabel: "パスワード",
  loggingIn: "ログイン中…",
  loginButton: "ログイン",
  forgotLink: "パスワードをお忘れですか？",
  registerTitle: "招待を受けて参加",
  usernameLabel: "ユーザー名",
  emailLabel: "メールアドレス",
  invitationLabel: "招待コード",
  ageConfirm: "18歳以上であり、{terms}に同意します",
  creatingAccount: "アカウントを作成中…",
  createAccount: "アカウントを作成",
  forgotTitle: "パスワードをお忘れですか？",
  forgotIntro: "メールアドレスを入力すると、新しいパスワードを設定するためのリンクをお送りします。",
  sending: "送信中…",
  sendResetLink: "再設定リンクを送信",
  resetTitle: "新しいパスワードを設定",
  saving: "保存中…",
  setNewPassword: "パスワードを設定",
  newPasswordLabel: "新しいパスワード",
  confirmPasswordLabel: "新しいパスワード（確認）",
  showPassword: "パスワードを表示",
  hidePassword: "パスワードを隠す",

  verifyRegion: "メールアドレスの確認",
  verifyBanner: "すべての機能を使うには、メールアドレス {email} を確認してください。",

  verifyResend: "再送信",
  verifySending: "送信中…",
  verifySent: "確認メールを送信しました",
  verifySentDescription: "受信トレイ（と迷惑メールフォルダ）に届いた確認リンクを開いてください。",
  verifyFailed: "メールを送信できませんでした",
  verifyFailedDefault: "確認メールを送信できませんでした。しばらくしてからもう一度お試しください。",

  loginMissing: "ユーザー名またはメールアドレスと、パスワードを入力してください",
  fillAll: "すべての項目を入力してください",
  invalidEmail: "有効なメールアドレスを入力してください",
  shortPassword: "パスワードは{min}文字以上にしてください",
  longPassword: "パスワードは{max}文字以内にしてください",
  ageRequired: "18歳以上で、利用規約に同意していただく必要があります",
  badUsername: "ユーザー名は{min}〜{max}文字の小文字、数字、_ で入力してください",
  emailRequired: "メールアドレスを入力してください",
  passwordsDiffer: "新しいパスワードが一致しません",
  loginFailed: "ログインできませんでした",
  loginFailedDefault: "入力内容を確認して、もう一度お試しください",
  registrationFailed: "登録できませんでした",
  registrationFailedDefault: "別のユーザー名またはメールアドレスでお試しください",
  loggedIn: "ログインしました",
  loggedOut: "ログアウトしました",
  passwordUpdated: "パスワードを更新しました",
  networkError: "ネットワークエラーです。接続を確認して、もう一度お試しください。",
  resetFailed:
    "この再設定リンクは無効か、有効期限が切れています。新しいリンクをリクエストしてください。",
  usernameTaken: "このユーザー名はすでに使われています",
  emailTaken: "このメールアドレスはすでに登録されています",
  invalidInvitation: "招待コードが無効か、すでに使用されています",
  wrongCurrentPassword: "現在のパスワードが正しくありません",

  hintUsername: "{min}〜{max}文字：小文字、数字、_",
  hintPassword: "{min}文字以上",
  hintEmail: "確認のため、このアドレスにリンクをお送りします。",

  longDisplayName: "表示名は{max}文字以内にしてください",
  longBio: "自己紹介は{max}文字以内にしてください",
  locationRequired: "位置情報によるマッチングには、国と都市の両方が必要です",
  longLocation: "都市と国は合わせて{max}文字以内にしてください",

  currentPasswordLabel: "現在のパスワード",
  currentPasswordHelp: "メールアドレスを変更するには、現在のパスワードが必要です。",
  currentPasswordRequired: "メールアドレスを変更するには、現在のパスワードを入力してください。",
  emailChangeSent:
    "{email} に確認リンクを送信しました。リンクを開くとメールアドレスが変更されます。",
  emailChanged: "メールアドレスを変更しました",
  emailChangedDescription: "新しいメールアドレスは {email} です。",
  emailChangeFailed: "メールアドレスを変更できませんでした",
  emailChangeLinkInvalid:
    "この確認リンクは無効か、有効期限が切れています。もう一度メールアドレスを変更してください。",
  emailUnavailable: "このメールアドレスは使用できなくなりました。別のアドレスを選んでください。",

  badCredentials: "ユーザー名/メールアドレスまたはパスワードが正しくありません",
  alreadyVerified: "メールアドレスはすでに確認済みです",
  notLoggedIn: "ログインしていません",
  notAuthenticated: "ログインしていません",
  signInToVerify: "メールアドレスを確認するには、ログインしてください。",
  verifyLinkInvalid: "この確認リンクは無効か、有効期限が切れています。",
  forgotResponse:
    "このメールアドレスのアカウントがある場合は、パスワード再設定用のリンクをお送りしました。リンクは1回だけ、1時間以内に使えます。",
  forgotAccepted:
    "このメールアドレスのアカウントがある場合は、パスワード再設定用のリンクをお送りしました。",
  welcomeBack: "おかえりなさい！",
  serverBusy: "サーバーが混み合っています。数秒後にもう一度お試しください。",

  verificationFailed: "確認できませんでした",
  emailVerified: "メールアドレスを確認しました",
  emailVerifiedText:
    "{username} さん、ありがとうございます。Glimpse のすべての機能が使えるようになりました。",

  unsupportedLanguage: "この言語には対応していません",
  avatarByButton: "プロフィール画像のボタンから画像をアップロードしてください。",
  avatarTooLarge: "もっと小さい画像を選んでください（縮小後60KBまで）。",
  accountDeleted: "アカウントを削除しました",
  accountDeletedText: "ログアウトしました。個人データは30日以内に削除されます。",
  accountDeletedMessage: "アカウントを削除しました。",
  // Appeals of bans.
  appealTitle: "この利用停止に異議を申し立てる",
  appealIntro:
    "この利用停止が誤りだと思う場合は、その理由を管理者に伝えてください。この利用停止について申し立てられるのは 1 回だけで、回答はメールで届きます。",
  appealLabel: "申し立ての内容",
  appealCount: "{count} / {max} 文字",
  appealSend: "申し立てを送信",
  appealSending: "送信中...",
  appealRequired: "申し立ての内容を入力してください。",
  appealTooLong: "申し立ては 1000 文字以内にしてください。",
  appealFailed: "申し立てを送信できませんでした。もう一度お試しください。",
  appealSentTitle: "申し立てを送信しました",
  appealSentNotice: "管理者が内容を確認し、メールで回答します。",
  appealUpheldNotice: "管理者が回答しました：利用停止は続きます。",
  appealAlreadySent:
    "この利用停止についてはすでに申し立てを送信済みです。管理者がメールで回答します。",
  appealNoPass: "申し立てを送信するには、もう一度パスワードでサインインしてください。",
  appealNotBanned: "アカウントは利用停止されていないため、申し立てることはありません。",

  // Passkey sign-in (components/auth/PasskeySignIn.tsx).
  passkeySignIn: "パスキーでサインイン",
  passkeyWaiting: "パスキーを待っています...",
  passkeyFailed: "パスキーでのサインインに失敗しました",
  passkeyCancelled: "パスキーのリクエストがキャンセルされたか、時間切れになりました。",
  orDivider: "または",
  appealAlreadySentHold:
    "この一時停止への異議申し立てはすでに送信済みです。管理者がメールで回答します。",
  appealHoldTitle: "この一時停止に異議を申し立てる",
  appealHoldIntro:
    "誤りだと思われる場合は、理由を管理者に伝えてください。この一時停止には 1 回だけ異議を申し立てられます。回答はメールで届きます。",
  appealHoldUpheldNotice: "管理者が回答しました: 一時停止は当面続きます。",
  holdNoticeTitle: "アカウントは審査中です",
  holdNoticeText:
    "安全に関する報告を受け、管理者が確認するまでアカウントを一時停止しています。それまで検索やマッチングはできませんが、プロフィールの利用とアカウントの削除はできます。",
} satisfies Translation<typeof en>;
