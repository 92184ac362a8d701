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
  push_ask: "有人在线时通知我",
  push_on:
    "当符合你筛选条件的成员在搜索时，此浏览器会通知你：每天最多 3 次，22:00 至 08:00 之间不会通知。",
  push_blocked: "此浏览器的设置已屏蔽 Glimpse 的通知。",
  push_unsupported: "此浏览器无法显示 Glimpse 的通知。",
  push_failed: "无法开启通知，请重试。",
  holdBannerRegion: "账号审核中",
  holdBanner: "由于一份安全举报，你的账号正在审核中：目前你无法搜索或被匹配。",
  holdBannerLink: "查看原因并申诉",
} satisfies Translation<typeof en>;
