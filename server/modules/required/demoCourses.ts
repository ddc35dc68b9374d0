import type { QuizQuestion } from './quiz.ts';

/** A demo required course: what a training administrator writes for the day's pre-shift reading. */
export interface DemoCourse {
  title: string;
  category: 'safety' | 'service' | 'skill' | 'rule' | 'case';
  summary: string;
  paragraphs: string[];
  minReadSec: number;
  quiz: QuizQuestion[];
}

const judge = (question: string, right: boolean): QuizQuestion => ({ question, type: 'judge', options: [{ text: '正确', right }, { text: '错误', right: !right }] });
const single = (question: string, options: string[], right: number): QuizQuestion => ({ question, type: 'single', options: options.map((text, i) => ({ text, right: i === right })) });
const multiple = (question: string, options: string[], right: number[]): QuizQuestion => ({ question, type: 'multiple', options: options.map((text, i) => ({ text, right: right.includes(i) })) });

/** Safety points, rules and service cases of a property-services company. */
export const DEMO_COURSES: DemoCourse[] = [
  {
    title: '夏季高温作业防暑要点',
    category: 'safety',
    summary: '高温时段户外作业的时间安排、补水与中暑急救',
    paragraphs: ['日最高气温达 35℃ 以上时，户外作业应避开 12:00–15:00，连续作业不超过 2 小时。', '每 30 分钟补充一次淡盐水，出现头晕、心慌、大量出汗等先兆中暑症状时立即停止作业，转移到阴凉通风处。', '发现同事中暑昏迷，立即拨打 120，并用湿毛巾冷敷头部、腋下降温，不得喂水。'],
    minReadSec: 40,
    quiz: [single('日最高气温 35℃ 以上时，户外作业应避开哪个时段？', ['08:00–10:00', '12:00–15:00', '17:00–19:00'], 1), judge('同事中暑昏迷时应立即喂水降温。', false)],
  },
  {
    title: '电梯困人应急处置流程',
    category: 'safety',
    summary: '接报、安抚、通知维保、持证施救的四个步骤',
    paragraphs: ['接到困人报警后，监控中心通过五方对讲安抚被困人员，告知救援人员正在赶来，不要扒门、不要跳动。', '立即通知电梯维保单位，按合同要求维保人员 30 分钟内到场；同时派工程人员到场确认轿厢位置。', '非持证人员不得进行盘车等施救操作；救出后记录困人时间、人数和原因，填写电梯困人事件报告。'],
    minReadSec: 45,
    quiz: [judge('非持证人员也可以进行盘车救援。', false), single('维保人员按合同应在多长时间内到场？', ['10 分钟', '30 分钟', '2 小时'], 1)],
  },
  {
    title: '消防通道占用巡查与处置',
    category: 'safety',
    summary: '消防通道、疏散楼梯占用的发现、劝离与记录',
    paragraphs: ['巡查中发现车辆占用消防车通道，先查询车主电话通知挪车，10 分钟未挪的拍照留存并报告值班主管。', '楼梯间堆放杂物、电动车的，张贴限期清理通知，到期未清理的由项目统一清理并登记。', '严禁在楼道、楼梯间为电动车充电，发现后立即断电并通知业主。'],
    minReadSec: 30,
    quiz: [multiple('以下哪些情况须立即处置？', ['楼道内为电动车充电', '消防车通道停放车辆', '绿化带内摆放花盆'], [0, 1])],
  },
  {
    title: '有限空间作业审批规定',
    category: 'rule',
    summary: '化粪池、污水井等有限空间作业须先通风、检测、审批',
    paragraphs: ['进入化粪池、污水井、水箱等有限空间作业，必须先办理《有限空间作业审批表》，经项目经理签字。', '作业前强制通风不少于 30 分钟，使用气体检测仪检测氧气、硫化氢、可燃气体浓度，合格后方可进入。', '作业时井口设专人监护，作业人员系安全绳，严禁单人作业。'],
    minReadSec: 40,
    quiz: [single('有限空间作业前至少通风多长时间？', ['5 分钟', '15 分钟', '30 分钟'], 2), judge('有限空间作业可以一人进入、一人离开去取工具。', false)],
  },
  {
    title: '案例：业主投诉维修人员未穿鞋套',
    category: 'case',
    summary: '入户维修的着装、鞋套与作业后清洁要求',
    paragraphs: ['某项目维修工入户更换水龙头，未穿鞋套进入客厅，业主当场投诉，事后在业主群内发布照片，影响恶劣。', '入户服务须佩戴工牌、穿鞋套，工具放在自带的垫布上；作业完成后清理现场，请业主确认并签字。', '发生投诉后，主管当天上门致歉，并对全体维修人员进行入户规范复训。'],
    minReadSec: 30,
    quiz: [multiple('入户维修须做到哪些？', ['佩戴工牌', '穿鞋套', '作业后清理现场', '自行离开无需业主确认'], [0, 1, 2])],
  },
  {
    title: '案例：暴雨夜地下车库进水',
    category: 'case',
    summary: '暴雨预警下的挡水板、排水泵与车主通知',
    paragraphs: ['某项目暴雨夜地下车库入口挡水板未及时安装，雨水倒灌导致 6 辆车受损，项目承担赔偿。', '收到暴雨黄色及以上预警后，值班主管须在 1 小时内完成挡水板安装、沙袋到位，并试运行集水井排水泵。', '通过业主群和 App 推送通知低洼车位车主挪车，并记录通知时间与回复情况。'],
    minReadSec: 35,
    quiz: [single('收到暴雨预警后多长时间内须完成挡水板安装？', ['1 小时', '半天', '第二天上班前'], 0)],
  },
  {
    title: '来访人员登记与门岗礼仪',
    category: 'service',
    summary: '来访核实、登记、指引的标准用语',
    paragraphs: ['来访人员进入小区，门岗须起立问候：“您好，请问您找哪一户？”，电话联系业主确认后方可放行。', '外卖、快递人员按项目规定在指定区域交接，不得随意进入楼栋。', '对业主亲友来访，登记姓名、电话与拜访房号，离开时在登记本上注明离开时间。'],
    minReadSec: 25,
    quiz: [judge('来访人员经业主电话确认后方可放行。', true)],
  },
  {
    title: '报修电话受理规范',
    category: 'service',
    summary: '首问负责、复述确认、告知上门时间',
    paragraphs: ['接听报修电话须在铃响三声内接起，使用“您好，悦家物业客服中心，请问有什么可以帮您？”。', '记录房号、联系人、问题描述，复述确认后告知预计上门时间；紧急报修（漏水、停电、困梯）立即派单。', '首问负责：接到的诉求无论是否属于本岗位，都要跟进到有人负责为止。'],
    minReadSec: 25,
    quiz: [single('报修电话应在铃响几声内接起？', ['三声', '五声', '十声'], 0), judge('不属于本岗位的诉求可以直接让业主另打电话。', false)],
  },
  {
    title: '配电房交接班检查要点',
    category: 'skill',
    summary: '交接班时的仪表、温度、安全用具检查',
    paragraphs: ['交接班时检查高低压柜仪表读数、变压器温度（干式变压器不超过 110℃）、有无异常声响与气味。', '检查绝缘手套、绝缘靴、验电器在有效期内，接地线齐全并放在固定位置。', '交接内容逐项填写在《配电房交接班记录》上，双方签字。'],
    minReadSec: 35,
    quiz: [multiple('交接班须检查哪些安全用具？', ['绝缘手套', '绝缘靴', '验电器', '安全帽上的贴纸'], [0, 1, 2])],
  },
  {
    title: '员工仪容仪表规范',
    category: 'rule',
    summary: '工装、工牌、发型与岗位礼仪',
    paragraphs: ['上岗须穿着公司统一工装，保持整洁，工牌佩戴在左胸上方。', '男员工不留长发、不蓄胡须；女员工长发盘起，淡妆上岗。', '当班期间不得在岗位上吃东西、玩手机，与业主交谈时保持微笑、使用礼貌用语。'],
    minReadSec: 20,
    quiz: [],
  },
];

/** The course's article: its paragraphs as HTML. */
export const articleOf = (c: DemoCourse): string => c.paragraphs.map((p) => `<p>${p}</p>`).join('');
