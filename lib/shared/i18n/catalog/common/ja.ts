import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  skipToContent: "本文へスキップ",
  back: "戻る",
  account: "アカウント",
  profile: "プロフィール",
  loginRegister: "ログイン / 登録",
  dismissNotification: "通知を閉じる",
  notifications: "お知らせ",
  mainNav: "メイン",
  navHome: "ホーム",
  navPremium: "プレミアム",
  navDiscover: "見つける",
  navProfile: "プロフィール",
  logout: "ログアウト",
  footer: "Glimpse について",
  language: "言語",
  terms: "利用規約",
  languageUnknown: "表示されている言語から選んでください。",
  privacy: "プライバシーポリシー",
} satisfies Translation<typeof en>;
