import type { Translation } from "../../messages.ts";
import type en from "./en.ts";

export default {
  yourProfile: "你的个人资料",
  filtersTitle: "编辑筛选条件",

  sections: "个人资料分区",
  tabProfile: "个人资料",
  tabPrivacy: "隐私与安全",

  username: "用户名",
  email: "邮箱",
  displayName: "显示名称",
  bio: "个人简介",
  saving: "正在保存…",
  saveProfile: "保存资料",
  saved: "已保存",
  profileUpdated: "资料已更新",
  updateFailed: "资料更新失败，请重试。",

  country: "国家",
  city: "城市",
  locating: "正在定位…",
  useMyLocation: "使用我当前的位置",
  locationNote: "你的精确位置绝不会离开我们的服务器：我们只保存城市、国家和约 2 公里范围的区域。",
  locationUpdated: "位置已更新",
  geoUnsupported: "你的浏览器不支持定位",
  geoDenied: "定位权限被拒绝",
  geoUnavailable: "无法获取位置",
  geoTimeout: "定位请求超时",
  geoNoNames: "找不到该位置的地名",
  geoNamesFailed: "获取地名失败",
  geoFailed: "获取位置失败",

  avatarAlt: "你的头像",
  changeAvatar: "更换头像",
  notImage: "请选择一个图片文件。",
  avatarFailed: "头像更新失败，请重试。",

  privacy: "隐私",
  faceBlur: "人脸模糊",
  faceBlurHelp:
    "在你的设备上模糊你发送的视频和你的短片中检测到的每一张脸。检测尚未就绪时，会改为对人脸通常出现的区域打码。较小、较远、侧转或部分被遮挡的人脸可能会漏掉。关闭后，你的视频将按原样发送。",
  safetyShield: "安全防护",
  safetyShieldHelp:
    "对方的视频会一直保持模糊，直到你设备上的检查确认其安全；如果画面可能含有裸露内容，会再次模糊。任何画面都不会离开你的设备。检查结果可能误判或漏判；你随时可以结束并举报会话。",
  hideIp: "对聊天对象隐藏我的 IP 地址",
  hideIpHelp:
    "你的通话会经过我们的中继服务器，因此对方看到的是中继服务器的地址，而不是你的。经过中继的通话可能需要多一点时间才能开始。中继服务器以加密方式转发你的音频和视频：它无法看到或听到内容。关闭后，对方的浏览器可以看到你的 IP 地址，从中能大致得知你的位置和你的网络服务商。",
  hideIpUnavailable: "本站未配置中继服务器，因此通话无法隐藏你的地址。",
  hideIpAlways:
    "本站的所有通话都经过中继服务器，因此对方永远看不到你的地址。经过中继的通话可能需要多一点时间才能开始；中继服务器只转发加密的音频和视频。",
  hideIpNetworkHidden:
    "中继服务器已响应：你的通话会经过它，因此对方看到的是它的地址，而不是你的（“隐藏我的 IP 地址”已开启）。经过中继的通话可能需要多一点时间才能开始；中继服务器只转发加密的音频和视频。",
  hideIpNetworkUnreachable:
    "无法连接中继服务器：开启“隐藏我的 IP 地址”（个人资料的“隐私”标签页）时，通话只能经过中继，因此无法接通。",
  hideLocation: "隐藏精确位置",
  hideLocationHelp: "对方只能看到你的国家，看不到你的城市。",
  notifications: "通知",
  notificationsHelp: "关于你的账户和邀请的邮件，以及符合你筛选条件的成员在搜索时此浏览器的通知。",

  changePassword: "修改密码",
  updating: "正在更新…",
  updatePassword: "更新密码",
  passwordFailed: "密码更新失败，请重试。",

  deleteAccount: "删除账户",
  deleteNote:
    "你会在所有设备上同时退出登录，你的用户名和邮箱将可供他人使用。你的个人数据会在 30 天内删除。",
  deleteConfirm: "确定要删除你的账户吗？你将退出登录，且此操作无法撤销。",
  deleteFailed: "账户删除失败，请重试。",

  where: "地点",
  locationPreference: "位置偏好",
  global: "全球",
  continent: "大洲",
  nearby: "附近",
  helpGlobal: "与世界各地的人匹配",
  helpPlace: "与所选地区的人匹配",
  helpCity: "与你所在城市的人匹配",
  helpNearby: "在 25 公里范围内匹配",
  widenAutomatically: "附近没人时自动扩大范围",
  widenAutomaticallyHelp:
    "当你的筛选条件下没有可以遇到的人，或者在更宽的筛选能遇到人时 10 秒内仍未匹配，搜索会自动逐步扩大：从城市或附近扩大到所在国家，再到所在大洲，最后到所有人。这里保存的筛选条件不会改变。",
  continentAfrica: "非洲",
  continentAsia: "亚洲",
  continentEurope: "欧洲",
  continentNorthAmerica: "北美洲",
  continentSouthAmerica: "南美洲",
  continentOceania: "大洋洲",

  language: "语言",
  languagePreference: "语言偏好",
  anyLanguage: "任何语言",

  hashtags: "话题标签",
  addHashtag: "添加话题标签",
  add: "添加",
  hashtagHint: "字母、数字和 _，最多 {length} 个字符；最多 {max} 个话题标签。",
  quickAdd: "快速添加：",
  yourHashtags: "你的话题标签",
  removeHashtag: "移除 #{tag}",
  cancel: "取消",
  save: "保存",

  filtersSaved: "筛选条件已保存",
  filtersSavedDescription: "你的筛选偏好已更新。",
  saveError: "筛选条件保存失败",
  saveErrorDescription: "保存筛选条件时出现问题，请重试。",
  hashtagsSaved: "话题标签已保存！",
  hashtagsSavedDescription: "你的话题标签已成功更新。",
  hashtagsError: "话题标签保存失败",
  hashtagsErrorDescription: "保存话题标签时出错，请重试。",
  noHashtags: "未选择话题标签",
  noHashtagsDescription: "请至少选择一个话题标签。",
  badHashtag: "话题标签只能包含字母、数字和 _（最多 {max} 个字符）。",
  tooManyHashtags: "最多只能选择 {max} 个话题标签。",
  badCountry: "请从列表中选择一个国家。",
  badContinent: "请从列表中选择一个大洲。",
  badPreference: "请选择全球、大洲、国家、城市或附近。",
  badLanguage: "请选择任何语言，或英语、西班牙语、法语、德语、中文、日语中的一种。",
} satisfies Translation<typeof en>;
