import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  invalidBody: "请求内容无效",
  invalidQuery: "查询无效",
  notFound: "未找到",
  notAuthenticated: "你尚未登录",
  tooLarge: "请求内容过大。",
  crossSite: "不允许来自其他网站的请求。",
  methodNotAllowed: "不允许使用此方法。",
  bodyNotAllowed: "GET 或 HEAD 请求不能包含内容。",
  addressTooLong: "地址过长。",
  failed: "出了点问题，请重试。",
  failedWithReference: "出了点问题，请重试。（参考编号：{reference}）",
  pageNotFound: "页面不存在",
  tooManyMinute: "尝试次数过多。请等待 {minutes} 分钟后再试。",
  tooManyMinutes: "尝试次数过多。请等待 {minutes} 分钟后再试。",
  noMatchTitle: "没有找到匹配",
  noMatchDescription: "请稍后再试。",
  socketOnly: "此地址仅接受 WebSocket 连接。",
  socketCrossSite: "不允许来自其他网站的套接字连接。",
  locationNoNames: "无法获取位置名称",
  locationUnavailable: "无法获取位置",
} satisfies Translation<typeof en>;
