import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  greeting: "{username} さん、こんにちは。",
  greetingNoName: "こんにちは。",
  actionColon: "：",
  verifySubject: "Glimpse のメールアドレスを確認してください",
  verifyBody:
    "Glimpse のすべての機能を使えるように、このメールアドレスがあなたのものであることを確認してください。",
  verifyIgnore: "Glimpse のアカウントを作成した覚えがない場合は、このメールを無視してください。",
  verifyAction: "メールアドレスを確認する",
  resetSubject: "Glimpse のパスワード再設定",
  resetBody:
    "Glimpse アカウントのパスワード再設定がリクエストされました。下のリンクは 1 時間以内に 1 回だけ使えます。",
  resetIgnore: "お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。",
  resetAction: "新しいパスワードを設定する",
  changeSubject: "Glimpse の新しいメールアドレスを確認してください",
  changeBody:
    "Glimpse アカウントでこのメールアドレスを使うようリクエストがありました。下のリンクを開くとメールアドレスが変更されます。リンクは 1 時間以内に 1 回だけ使えます。",
  changeIgnore: "お心当たりがない場合は、このメールを無視してください。何も変更されません。",
  changeAction: "このメールアドレスを使う",
  attemptSubject: "あなたのメールアドレスで Glimpse への登録が試みられました",
  attemptBody:
    "このメールアドレスで Glimpse の新しいアカウントを作成しようとした人がいます。このアドレスはすでにあなたのアカウントで使われているため、新しいアカウントは作成されていません。",
  attemptAdvice:
    "ご本人の場合はサインインしてください。パスワードを忘れた場合は再設定できます。お心当たりがない場合は、このメールを無視してください。アカウントは変更されていません。",
  inUseSubject: "あなたのメールアドレスを Glimpse で使おうとした人がいます",
  inUseBody:
    "このメールアドレスを Glimpse アカウントに使おうとした人がいます。このアドレスはすでにアカウントで使われているため、何も変更されていません。",
  inUseAdvice:
    "ご本人の場合はサインインしてください。パスワードを忘れた場合は再設定できます。お心当たりがない場合は、このメールを無視してください。",
  signIn: "サインイン",
  newSignInSubject: "Glimpse アカウントへの新しいサインイン",
  newSignInBody:
    "これまでこのアカウントで使われたことのないブラウザから、Glimpse アカウントにサインインがありました：{device}、{time}（UTC）。",
  newSignInAdvice:
    "ご本人の場合は、このメールを無視してかまいません。お心当たりがない場合は、下のリンクから今すぐ新しいパスワードを設定してください。リンクは 1 回だけ、1 時間有効で、アカウントにサインインしているすべてのデバイスがサインアウトされます。プロフィールの「プライバシーとセキュリティ」でも、デバイスを確認してサインアウトできます。",
  appealUpheldSubject: "Glimpse への異議申し立てに回答がありました",
  appealUpheldBody:
    "管理者があなたの異議申し立てを読み、アカウントの利用停止を維持すると判断しました。",
  appealUpheldAdvice:
    "この利用停止についての判断は最終的なものです。期限付きの利用停止はその日付に終了します。すべてのメンバーが同意するルールは利用規約で確認できます。",
  appealTermsAction: "利用規約を読む",
  appealLiftedSubject: "Glimpse アカウントが再び利用できるようになりました",
  appealLiftedBody: "管理者があなたの異議申し立てを読み、アカウントの利用停止を解除しました。",
  appealLiftedAdvice:
    "ユーザー名またはメールアドレスとパスワードで、今すぐ再びサインインできます。",
  holdPlacedSubject: "Glimpse アカウントは審査中です",
  holdPlacedBody:
    "安全に関する報告を受け、管理者が確認するまでアカウントを一時停止しています。それまで検索やマッチングはできません。サインイン、プロフィールの閲覧、アカウントの削除は引き続きできます。",
  holdPlacedAdvice:
    "誤りだと思われる場合は、プロフィールページから異議申し立てを1回送れます。回答はメールで届きます。",
  holdProfileAction: "プロフィールを開く",
  holdLiftedSubject: "Glimpse アカウントが再び利用できるようになりました",
  holdLiftedBody: "管理者がアカウントを確認し、一時停止を解除しました。",
  holdLiftedAdvice: "再び検索とマッチングができます。",
  holdUpheldBody:
    "管理者があなたの異議申し立てを読み、審査の間はアカウントの一時停止を続けると決定しました。",
} satisfies Translation<typeof en>;
