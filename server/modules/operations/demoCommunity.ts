/**
 * The demo's articles, convenience services and owner-app feedback, as a property company's
 * operations team writes them and owners send them. Days are relative to the seed's day.
 */
export const COMMUNITY_CONTENT = {
  articles: [
    { category: 'notice', title: '关于小区二次供水水箱清洗的通知', author: '物业服务中心', day: -140, intro: '本周六 8:00-14:00 清洗水箱，届时暂停供水，请提前储水。', body: '<p>尊敬的业主：</p><p>为保障饮用水卫生，物业将于本周六 8:00-14:00 对小区二次供水水箱进行清洗消毒，届时将暂停供水，请各位业主提前做好储水准备。</p><p>给您带来的不便，敬请谅解。</p>' },
    { category: 'life', title: '夏季空调清洗小常识', author: '赵雅琪', day: -100, intro: '空调滤网一个月清洗一次，省电又健康。', body: '<p>夏季空调使用频繁，滤网积尘会降低制冷效率、滋生细菌。建议每月清洗一次滤网，每年请专业人员深度清洗一次。</p>' },
    { category: 'community', title: '社区志愿者招募：一起守护我们的家园', author: '社区运营部', day: -70, intro: '楼道清洁、邻里互助、活动服务，欢迎报名。', body: '<p>社区志愿服务队招募中，服务内容包括楼道清洁日、独居老人探访、社区活动秩序维护等。报名请到物业服务中心或在 App 中提交。</p>' },
    { category: 'policy', title: '《民法典》物业服务合同要点解读', author: '法务部', day: -40, intro: '业主与物业的权利义务，一文读懂。', body: '<p>《民法典》第三编第二十四章对物业服务合同作了专门规定：物业服务人应当按照约定和物业的使用性质，妥善维修、养护、清洁、绿化和经营管理物业服务区域内的业主共有部分……</p>' },
    { category: 'notice', title: '冬季消防安全提示', author: '物业服务中心', day: -6, intro: '严禁楼道堆放杂物、电动车进楼入户充电。', body: '<p>冬季天干物燥，请业主注意：严禁在楼道、消防通道堆放杂物；严禁电动自行车进楼入户充电；外出前请关闭电源、燃气。</p>' },
    { category: 'life', title: '元旦假期社区服务安排', author: '赵雅琪', day: 12, intro: '假期客服热线 24 小时值守。', body: '<p>元旦假期期间，物业服务中心照常值班，客服热线 24 小时值守，报修服务不停歇。</p>' },
  ],
  convenience: [
    { name: '物业服务中心', category: 'phone', phone: '021-62345678', address: '小区南门物业服务中心一楼', hours: '08:00-20:00' },
    { name: '社区卫生服务中心', category: 'public', phone: '021-64871230', address: '枫林路 188 号', hours: '08:00-17:00' },
    { name: '辖区派出所', category: 'emergency', phone: '110', address: '龙华中路 600 号', hours: '24 小时' },
    { name: '鲜丰水果（小区店）', category: 'merchant', phone: '13761820933', address: '小区北门商铺 3 号', hours: '08:30-22:00' },
    { name: '好邻居洗衣店', category: 'merchant', phone: '13917265480', address: '小区北门商铺 7 号', hours: '09:00-21:00' },
    { name: '燃气抢修', category: 'emergency', phone: '962777', address: null, hours: '24 小时' },
  ],
  feedback: [
    { type: 'bug', content: '缴物业费时点击支付没反应，换了网络也一样', version: '3.8.2', device: 'iPhone 13', os: 'iOS 17.5', day: -120, handled: '已修复支付页在 iOS 17 上的兼容问题，请更新到 3.8.3 后再试，给您添麻烦了。' },
    { type: 'ux', content: '报修的时候希望可以直接选上次填写的地址', version: '3.8.3', device: 'HUAWEI Mate 60', os: 'HarmonyOS 4.2', day: -90, handled: '感谢建议，新版本已支持常用地址。' },
    { type: 'content', content: '社区公告里的停水通知时间写错了，应该是周六不是周日', version: '3.9.0', device: 'Xiaomi 14', os: 'Android 14', day: -45, handled: '已更正公告时间，感谢您的提醒。' },
    { type: 'other', content: '能不能在 App 里加一个快递柜取件码查询', version: '3.9.0', device: 'OPPO Find X7', os: 'Android 14', day: -30, ignored: '快递柜由第三方运营，暂不支持在物业 App 中查询，请使用快递柜小程序。' },
    { type: 'bug', content: '访客邀请生成的二维码在门岗扫不出来', version: '3.9.1', device: 'iPhone 15 Pro', os: 'iOS 18.1', day: -4 },
    { type: 'ux', content: '消息通知太多了，希望可以按类型关闭', version: '3.9.1', device: 'vivo X100', os: 'Android 14', day: -2 },
    { type: 'content', content: '邻里活动的报名人数显示不对，已经满了还能报名', version: '3.9.1', device: 'iPhone 12', os: 'iOS 17.6', day: -1 },
  ] as { type: string; content: string; version: string; device: string; os: string; day: number; handled?: string; ignored?: string }[],
};
