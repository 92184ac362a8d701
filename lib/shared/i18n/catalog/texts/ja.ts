import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  invalidBody: "リクエストの内容が正しくありません",
  invalidQuery: "クエリが正しくありません",
  notFound: "見つかりません",
  notAuthenticated: "サインインしていません",
  tooLarge: "リクエストが大きすぎます。",
  crossSite: "他のサイトからのリクエストは許可されていません。",
  methodNotAllowed: "このメソッドは許可されていません。",
  bodyNotAllowed: "GET または HEAD リクエストに本文を含めることはできません。",
  addressTooLong: "アドレスが長すぎます。",
  failed: "問題が発生しました。もう一度お試しください。",
  failedWithReference: "問題が発生しました。もう一度お試しください。（参照番号：{reference}）",
  storageRefused:
    "何も保存されていません。Glimpse は現在変更を保存できません。しばらくしてからもう一度お試しください。",
  pageNotFound: "ページが見つかりません",
  tooManyMinute: "試行回数が多すぎます。{minutes} 分待ってから、もう一度お試しください。",
  tooManyMinutes: "試行回数が多すぎます。{minutes} 分待ってから、もう一度お試しください。",
  noMatchTitle: "マッチが見つかりませんでした",
  noMatchDescription: "しばらくしてからもう一度お試しください。",
  socketOnly: "このアドレスは WebSocket 接続のみを受け付けます。",
  socketCrossSite: "他のサイトからのソケット接続は許可されていません。",
  locationNoNames: "地名を取得できませんでした",
  locationUnavailable: "位置情報を取得できません",
  rt_too_large: "メッセージが大きすぎます",
  rt_malformed: "メッセージの形式が正しくありません",
  rt_unknown_type: "不明なメッセージの種類です",
  rt_not_in_match: "ライブセッション中ではありません",
  rt_not_your_partner: "シグナルは相手にしか送れません",
  rt_bad_reaction: "不明なリアクションです",
  rt_not_registered: "先に登録してください",
} satisfies Translation<typeof en>;
