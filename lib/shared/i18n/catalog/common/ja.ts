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
  push_ask: "誰かが来たら知らせる",
  push_on:
    "フィルターに合うメンバーが検索しているとき、このブラウザーでお知らせします（1日3回まで、22:00〜08:00は通知しません）。",
  push_blocked: "このブラウザーの設定でGlimpseの通知がブロックされています。",
  push_unsupported: "このブラウザーではGlimpseの通知を表示できません。",
  push_failed: "通知をオンにできませんでした。もう一度お試しください。",
  holdBannerRegion: "アカウント審査中",
  holdBanner:
    "安全に関する報告により、アカウントは審査中です。現在、検索やマッチングはできません。",
  holdBannerLink: "理由を確認して異議を申し立てる",
  continentAfrica: "アフリカ",
  continentAsia: "アジア",
  continentEurope: "ヨーロッパ",
  continentNorthAmerica: "北アメリカ",
  continentSouthAmerica: "南アメリカ",
  continentOceania: "オセアニア",
} satisfies Translation<typeof en>;
