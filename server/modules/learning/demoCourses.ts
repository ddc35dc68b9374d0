/** The demo's course library: real property-service courses, with the posts they are for (by post name). */
export interface DemoCourse {
  name: string;
  category: string;
  lecturer: string;
  minutes: number;
  credit: number;
  hours: number;
  required: boolean;
  posts: string[];
  intro: string;
  paragraphs: string[];
}

export const DEMO_COURSES: DemoCourse[] = [
  {
    name: '新员工入职第一课：企业文化与服务理念', category: 'onboard', lecturer: '陈静怡', minutes: 30, credit: 1, hours: 0.5, required: true,
    posts: ['客服管家', '调度员', '维修工程师', '巡检员', '秩序维护员', '保洁员'], intro: '公司发展历程、组织架构、服务理念与员工行为规范。',
    paragraphs: ['悦家物业以“让每一个家更安心”为使命，服务覆盖华东、华南两大区域。', '员工须遵守《员工手册》中的考勤、着装与保密要求，上岗前完成入职必修课程。', '服务理念：首问负责、限时办结、全程跟踪、回访闭环。'],
  },
  {
    name: '物业服务礼仪规范', category: 'service', lecturer: '李慧敏', minutes: 25, credit: 1, hours: 0.5, required: true,
    posts: ['客服管家', '秩序维护员'], intro: '仪容仪表、站姿坐姿、接待用语与电话礼仪。',
    paragraphs: ['仪容仪表：工装整洁、工牌佩戴于左胸，女员工淡妆，男员工不留胡须。', '接待用语：“您好，请问有什么可以帮您？”，业主离开时起身致意。', '电话礼仪：铃响三声内接听，先报项目与姓名，通话结束待业主先挂断。'],
  },
  {
    name: '客户投诉处理技巧', category: 'service', lecturer: '李慧敏', minutes: 40, credit: 2, hours: 1, required: false,
    posts: ['客服管家', '项目经理'], intro: '投诉受理、情绪安抚、原因分析与闭环回访。',
    paragraphs: ['受理投诉时先倾听、不打断，复述业主诉求并确认。', '按照“24 小时内响应、72 小时内给出处理方案”的承诺时限跟进。', '处理完毕后 48 小时内回访，记录满意度并归档。'],
  },
  {
    name: '消防设施操作与灭火器使用', category: 'safety', lecturer: '张卫东', minutes: 35, credit: 2, hours: 1, required: true,
    posts: ['秩序维护员', '巡检员', '维修工程师'], intro: '消火栓、灭火器、火灾报警控制器的操作与日常检查。',
    paragraphs: ['干粉灭火器使用口诀：提、拔、握、压，对准火焰根部喷射。', '室内消火栓使用：打开箱门、展开水带、连接枪头与栓口、逆时针开阀。', '每月检查灭火器压力表指针是否在绿区，并填写检查记录。'],
  },
  {
    name: '高层建筑火灾应急疏散', category: 'safety', lecturer: '周国平', minutes: 45, credit: 2, hours: 1, required: false,
    posts: ['秩序维护员', '客服管家', '项目经理'], intro: '高层住宅火灾特点、疏散引导与消防控制室联动。',
    paragraphs: ['发生火情时立即确认火点，启动应急预案并拨打 119。', '疏散时引导住户走疏散楼梯，严禁乘坐电梯，湿毛巾捂住口鼻低姿前行。', '消防控制室值班人员须持证上岗，24 小时双人值守。'],
  },
  {
    name: '配电房安全操作规程', category: 'engineering', lecturer: '王建业', minutes: 50, credit: 3, hours: 1.5, required: true,
    posts: ['维修工程师'], intro: '高低压配电运行、倒闸操作票与安全防护。',
    paragraphs: ['进入配电房须两人同行，穿绝缘鞋、戴绝缘手套。', '倒闸操作须填写操作票，一人操作一人监护，严格执行唱票复诵。', '检修前必须停电、验电、挂接地线并悬挂“禁止合闸，有人工作”标示牌。'],
  },
  {
    name: '电梯困人应急救援', category: 'engineering', lecturer: '吴晓峰', minutes: 40, credit: 2, hours: 1, required: true,
    posts: ['维修工程师', '秩序维护员'], intro: '困人救援流程、盘车操作与安全注意事项。',
    paragraphs: ['接到困人报警后 5 分钟内到达现场，通过对讲安抚被困人员。', '通知电梯维保单位，维保人员 30 分钟内到场救援。', '非持证人员不得盘车；救援后记录事件经过并上报。'],
  },
  {
    name: '二次供水水箱清洗与水质管理', category: 'engineering', lecturer: '王建业', minutes: 30, credit: 1, hours: 0.5, required: false,
    posts: ['维修工程师'], intro: '水箱清洗周期、消毒流程与水质检测。',
    paragraphs: ['生活水箱每半年清洗消毒一次，由具备资质的单位实施。', '清洗后须取样送检，检测合格方可恢复供水，并在小区公示检测报告。'],
  },
  {
    name: '秩序维护岗位职责与门岗管理', category: 'order', lecturer: '张卫东', minutes: 30, credit: 1, hours: 0.5, required: true,
    posts: ['秩序维护员'], intro: '门岗值守、访客登记、车辆管理与巡逻要求。',
    paragraphs: ['访客须登记姓名、来访房号并电话确认业主同意后放行。', '夜间巡逻每 2 小时一次，重点检查消防通道、地下车库与设备房。'],
  },
  {
    name: '保洁作业标准与垃圾分类', category: 'cleaning', lecturer: '何丽娟', minutes: 25, credit: 1, hours: 0.5, required: true,
    posts: ['保洁员'], intro: '公共区域保洁频次、作业标准与生活垃圾分类。',
    paragraphs: ['大堂地面每日清洁两次，电梯轿厢每日消毒一次。', '生活垃圾分为可回收物、有害垃圾、湿垃圾和干垃圾，分类投放、定时清运。'],
  },
  {
    name: '项目经理的预算管控与团队管理', category: 'management', lecturer: '刘明远', minutes: 60, credit: 3, hours: 2, required: false,
    posts: ['项目经理'], intro: '物业费收缴、成本预算、团队排班与绩效沟通。',
    paragraphs: ['年度预算按收入、人工成本、能耗、维修基金使用分项编制，按月复盘偏差。', '团队管理：明确岗位职责，每周例会通报工单完成率与满意度。'],
  },
  {
    name: '报事报修工单处理流程', category: 'service', lecturer: '陈静怡', minutes: 20, credit: 1, hours: 0.5, required: true,
    posts: ['客服管家', '调度员', '维修工程师'], intro: '工单受理、派单、接单、处理、回访的全流程与时限要求。',
    paragraphs: ['客服受理后 10 分钟内派单，维修工程师 15 分钟内接单。', '处理完成后上传现场照片，客服 24 小时内完成回访。'],
  },
];
