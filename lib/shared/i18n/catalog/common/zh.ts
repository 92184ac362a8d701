import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  skipToContent: "跳到正文",
  back: "返回",
  account: "账户",
  profile: "个人资料",
  loginRegister: "登录 / 注册",
  dismissNotification: "关闭通知",
  notifications: "通知",
  mainNav: "主菜单",
  navHome: "首页",
  navPremium: "高级版",
  navDiscover: "发现",
  navProfile: "我的",
  logout: "退出",
  footer: "关于 Glimpse",
  language: "语言",
  terms: "服务条款",
  languageUnknown: "请选择所提供的语言之一。",
  privacy: "隐私政策",
} satisfies Translation<typeof en>;
