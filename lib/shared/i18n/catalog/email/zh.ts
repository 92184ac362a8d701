import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  greeting: "{username}，你好：",
  greetingNoName: "你好：",
  actionColon: "：",
  verifySubject: "验证你的 Glimpse 邮箱",
  verifyBody: "请确认这是你的邮箱地址，以解锁 Glimpse 的全部功能。",
  verifyIgnore: "如果你没有注册过 Glimpse 账号，可以忽略这封邮件。",
  verifyAction: "验证我的邮箱",
  resetSubject: "重置你的 Glimpse 密码",
  resetBody: "有人申请重置你的 Glimpse 账号密码。下面的链接只能使用一次，一小时内有效。",
  resetIgnore: "如果不是你本人操作，请忽略这封邮件：你的密码不会改变。",
  resetAction: "设置新密码",
  changeSubject: "确认你的 Glimpse 新邮箱",
  changeBody:
    "你申请将这个地址用于你的 Glimpse 账号。打开下面的链接后，你的邮箱就会更改。该链接只能使用一次，一小时内有效。",
  changeIgnore: "如果不是你本人操作，请忽略这封邮件：不会有任何更改。",
  changeAction: "使用这个邮箱",
  attemptSubject: "有人试图用你的邮箱注册 Glimpse",
  attemptBody:
    "有人试图用这个地址创建新的 Glimpse 账号。该地址已属于你的账号，因此没有创建新账号。",
  attemptAdvice:
    "如果是你本人，请直接登录；如果忘记了密码，可以重置密码。如果不是你，可以忽略这封邮件：你的账号没有任何变化。",
  inUseSubject: "有人试图在 Glimpse 上使用你的邮箱",
  inUseBody: "有人试图将这个地址用于一个 Glimpse 账号。该地址已属于某个账号，因此没有任何更改。",
  inUseAdvice:
    "如果是你本人，请直接登录；如果忘记了密码，可以重置密码。如果不是你，可以忽略这封邮件。",
  signIn: "登录",
  newSignInSubject: "你的 Glimpse 账户有新的登录",
  newSignInBody:
    "你的 Glimpse 账户刚刚在一个此前从未使用过的浏览器上登录：{device}，时间为 {time}（UTC）。",
  newSignInAdvice:
    "如果是你本人，可以忽略这封邮件。如果不是你，请立即通过下面的链接设置新密码：该链接只能使用一次，一小时内有效，并会让你账户上所有已登录的设备退出登录。你也可以在个人资料的“隐私与安全”中查看你的设备并让它们退出登录。",
  appealUpheldSubject: "你在 Glimpse 的申诉已有答复",
  appealUpheldBody: "管理员已阅读你的申诉，并决定维持对你账号的封禁。",
  appealUpheldAdvice:
    "对于本次封禁，这一决定是最终决定。有期限的封禁仍会在其日期结束；每位成员同意遵守的规则见服务条款。",
  appealTermsAction: "阅读服务条款",
  appealLiftedSubject: "你的 Glimpse 账号已重新开放",
  appealLiftedBody: "管理员已阅读你的申诉，并解除了对你账号的封禁。",
  appealLiftedAdvice: "你现在可以使用用户名或邮箱及密码重新登录。",
  holdPlacedSubject: "你的 Glimpse 账号正在审核中",
  holdPlacedBody:
    "由于一份安全举报，你的账号已被暂停，等待管理员审核。在此之前你无法搜索或被匹配；你仍可以登录、查看个人资料和删除账号。",
  holdPlacedAdvice: "如果你认为这是误会，可以在个人资料页面提交一次申诉。答复将通过邮件发送。",
  holdProfileAction: "打开个人资料",
  holdLiftedSubject: "你的 Glimpse 账号已重新开放",
  holdLiftedBody: "管理员已审核你的账号并解除了暂停。",
  holdLiftedAdvice: "你现在可以重新搜索并被匹配。",
  holdUpheldBody: "管理员已阅读你的申诉，决定在审核期间继续暂停你的账号。",
} satisfies Translation<typeof en>;
