/** A dated record of the demo, by days from the seed's day. */
export interface Dated {
  start: number;
  end: number;
  draft?: boolean;
}

/**
 * What the demo's operations team has put in the owner app over the past months, written as a
 * property company's operations staff write it. Days are relative to the day the demo is seeded
 * (negative: in the past), so the demo always has history, live content and content to come.
 */
export const OPERATIONS_CONTENT = {
  banners: [
    { title: '春季物业费缴纳优惠，预存一年享 95 折', app: 'owner', position: 'home', url: '/pages/payment/index', startDay: -150, endDay: -110 },
    { title: '端午安康 · 社区包粽子亲子活动', app: 'owner', position: 'home', url: '/pages/activity/detail?id=12', startDay: -95, endDay: -80 },
    { title: '夏季用电安全提示', app: 'owner', position: 'service', url: null, startDay: -70, endDay: -30 },
    { title: '中秋国庆双节社区游园会', app: 'yxl', position: 'home', url: 'https://m.yuejia-wuye.com/events/2026-midautumn', startDay: -62, endDay: -45 },
    { title: '冬季供暖报修绿色通道已开通', app: 'owner', position: 'home', url: '/pages/repair/create', startDay: -10, endDay: 40 },
    { title: 'YXL 会员积分兑换季，好礼 0 元领', app: 'yxl', position: 'mine', url: 'https://m.yuejia-wuye.com/yxl/points', startDay: -5, endDay: 25 },
    { title: '业主满意度调查，参与即送洗车券', app: 'owner', position: 'service', url: '/pages/quest/index', startDay: 3, endDay: 30 },
    { title: '元旦新年快乐 · 社区迎新音乐会', app: 'yxl', position: 'home', url: null, startDay: 20, endDay: 36, draft: true },
  ],
  popups: [
    { title: '台风“海葵”防御提醒', target: 'all', frequency: 'every', url: null, startDay: -80, endDay: -76 },
    { title: '新用户注册礼包：首月停车费立减 50 元', target: 'new', frequency: 'once', url: '/pages/parking/coupon', startDay: -40, endDay: 20 },
    { title: '认证业主专享：家电清洗 8 折', target: 'certified', frequency: 'daily', url: '/pages/home-service/index', startDay: -6, endDay: 18 },
    { title: '电梯年检停运通知（12 月）', target: 'all', frequency: 'daily', url: null, startDay: 4, endDay: 10 },
    { title: '春节物业服务安排', target: 'all', frequency: 'once', url: null, startDay: 50, endDay: 70, draft: true },
  ],
  systemCards: [
    { name: '我的待办', code: 'todo_count', app: 'staff', type: 'todo', source: 'workOrder.todoCount', position: 'home_top', remark: '员工端首页顶部，显示待处理工单数', enabled: true },
    { name: '今日巡查', code: 'patrol_today', app: 'staff', type: 'stat', source: 'patrol.todayStats', position: 'home_top', remark: '今日巡查任务完成情况', enabled: true },
    { name: '本月工单统计', code: 'order_month_stat', app: 'staff', type: 'stat', source: 'workOrder.monthStats', position: 'workbench', remark: null, enabled: true },
    { name: '快捷报修', code: 'quick_repair', app: 'owner', type: 'shortcut', source: null, position: 'home_top', remark: '业主端首页一键报修入口', enabled: true },
    { name: '社区公告', code: 'community_notice', app: 'owner', type: 'notice', source: 'notice.latest', position: 'home_middle', remark: null, enabled: true },
    { name: '访客邀请', code: 'visitor_invite', app: 'owner', type: 'shortcut', source: null, position: 'home_middle', remark: null, enabled: true },
    { name: '积分余额', code: 'yxl_points', app: 'yxl', type: 'stat', source: 'yxl.points', position: 'home_top', remark: 'YXL 会员积分', enabled: true },
    { name: '审批待办', code: 'approval_todo', app: 'staff', type: 'todo', source: 'approval.counts', position: 'workbench', remark: '试运行中，暂未启用', enabled: false },
  ],
  applications: [
    { name: '物业缴费', app: 'owner', category: 'app_property_fee', link: 'native', url: '/pages/payment/index', recommend: true, certified: true, everywhere: true },
    { name: '停车缴费', app: 'owner', category: 'app_parking_fee', link: 'native', url: '/pages/parking/index', recommend: true, certified: false, everywhere: true },
    { name: '报事报修', app: 'owner', category: 'app_notice', link: 'native', url: '/pages/repair/create', recommend: true, certified: true, everywhere: true },
    { name: '社区公告', app: 'owner', category: 'app_notice', link: 'native', url: '/pages/notice/list', recommend: false, certified: false, everywhere: true },
    { name: '邻里活动', app: 'owner', category: 'app_activity', link: 'h5', url: 'https://m.yuejia-wuye.com/activity', recommend: true, certified: false, everywhere: true },
    { name: '访客通行', app: 'owner', category: 'app_notice', link: 'mini', url: 'pages/visitor/index', appid: 'wx8a3f2c6d1e9b4a70', recommend: false, certified: true, everywhere: false },
    { name: '装修申请', app: 'owner', category: 'app_notice', link: 'h5', url: 'https://m.yuejia-wuye.com/decoration', recommend: false, certified: true, everywhere: false },
    { name: '工单处理', app: 'staff', category: 'app_notice', link: 'native', url: '/pages/task/list', recommend: true, certified: false, everywhere: true },
    { name: '巡查任务', app: 'staff', category: 'app_notice', link: 'native', url: '/pages/patrol/task', recommend: true, certified: false, everywhere: true },
    { name: '客户档案', app: 'staff', category: 'app_notice', link: 'native', url: '/pages/customer/list', recommend: false, certified: false, everywhere: true },
    { name: '积分商城', app: 'yxl', category: 'app_activity', link: 'h5', url: 'https://m.yuejia-wuye.com/yxl/mall', recommend: true, certified: false, everywhere: true },
    { name: '会员权益', app: 'yxl', category: 'app_activity', link: 'h5', url: 'https://m.yuejia-wuye.com/yxl/rights', recommend: false, certified: false, everywhere: true },
    { name: '优选好物', app: 'yxl', category: 'app_activity', link: 'mini', url: 'pages/shop/index', appid: 'wx51c0e7a98b2d3f16', recommend: false, certified: false, everywhere: false },
  ],
  adverts: [
    { name: '顺丰同城 · 社区寄件 8 折', version: 'new', position: 'owner_home', classify: '9001', advertiser: '顺丰速运（上海）有限公司', fee: 12000, url: 'https://m.sf-express.com/community', startDay: -160, endDay: -100, outcome: 'approved' },
    { name: '老街坊早餐铺开业特惠', version: 'new', position: 'convenience_home', classify: '9002', advertiser: '老街坊餐饮管理有限公司', fee: 3000, url: null, startDay: -130, endDay: -90, outcome: 'approved' },
    { name: '暑期少儿编程体验课', version: 'new', position: 'owner_home', classify: '9005', advertiser: '童程未来教育科技', fee: 8800, url: 'https://www.tongcheng-edu.cn/trial', startDay: -110, endDay: -60, outcome: 'approved' },
    { name: '千岛湖亲子游周末特价', version: 'new', position: 'splash', classify: '9003', advertiser: '携程旅行网', fee: 20000, url: 'https://m.ctrip.com/activity/qiandaohu', startDay: -75, endDay: -40, outcome: 'approved' },
    { name: '宽带提速免费升级 1000M', version: 'new', position: 'service_home', classify: '9006', advertiser: '中国电信', fee: 15000, url: 'https://www.189.cn/upgrade', startDay: -20, endDay: 40, outcome: 'approved' },
    { name: '家政保洁年终大扫除套餐', version: 'new', position: 'convenience_home', classify: '9007', advertiser: '悦家生活服务', fee: 0, url: '/pages/home-service/index', startDay: -8, endDay: 30, outcome: 'approved' },
    { name: '全季酒店会员日 · 住一晚送一晚', version: 'new', position: 'owner_home', classify: '9004', advertiser: '华住酒店集团', fee: 9600, url: 'https://m.huazhu.com/member', startDay: 6, endDay: 36, outcome: 'approved' },
    { name: '网贷快速放款', version: 'new', position: 'owner_home', classify: '9006', advertiser: '某金融信息服务公司', fee: 30000, url: 'https://example-loan.cn', startDay: 2, endDay: 60, outcome: 'rejected', rejectNote: '金融借贷类广告不符合社区投放规范，不予通过' },
    { name: '元旦社区跳蚤市场招募摊主', version: 'new', position: 'owner_home', classify: '9007', advertiser: '悦家物业社区运营部', fee: 0, url: '/pages/activity/detail?id=31', startDay: 15, endDay: 34, outcome: 'draft' },
    { name: '大门道闸屏 · 菜鸟驿站取件提醒', version: 'classic', location: 'gate', classify: '9001', advertiser: '菜鸟驿站', url: null, startDay: -140, endDay: -50, outcome: 'approved' },
    { name: '单元门禁屏 · 燃气安全检查通知', version: 'classic', location: 'unit', classify: '9007', advertiser: '悦家物业', url: null, startDay: -30, endDay: 30, outcome: 'approved' },
    { name: '楼栋电梯屏 · 社区团购年货节', version: 'classic', location: 'building', classify: '9002', advertiser: '美团优选', url: null, startDay: -3, endDay: 45, outcome: 'approved' },
    { name: '大门道闸屏 · 驾校春节班招生', version: 'classic', location: 'gate', classify: '9005', advertiser: '安吉驾校', url: null, startDay: 10, endDay: 50, outcome: 'approved' },
    { name: '房屋门口屏 · 保健品讲座', version: 'classic', location: 'house', classify: '9007', advertiser: '某健康咨询公司', url: null, startDay: 1, endDay: 20, outcome: 'rejected', rejectNote: '保健品宣传讲座易引起老年业主投诉，不予投放' },
  ] as { name: string; version: 'new' | 'classic'; position?: string; location?: string; classify: string; advertiser: string; fee?: number; url: string | null; startDay: number; endDay: number; outcome: 'approved' | 'rejected' | 'draft'; rejectNote?: string }[],
};
