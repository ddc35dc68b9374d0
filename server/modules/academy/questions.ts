/**
 * The demo's question banks: real property-service knowledge (safety, fire, customer service,
 * engineering). A choice question lists its options with the right ones marked by a leading *.
 */
export interface DemoQuestion {
  type: 'single' | 'multiple' | 'judge' | 'fill' | 'essay';
  stem: string;
  options?: string[];
  answer?: string;
  analysis: string;
  difficulty: number;
  tags: string;
}

export const DEMO_BANKS: { name: string; category: string; description: string; questions: DemoQuestion[] }[] = [
  {
    name: '消防安全知识题库',
    category: 'fire',
    description: '物业项目消防设施、初起火灾处置与疏散常识',
    questions: [
      { type: 'single', stem: '发现初起火灾，首先应当？', options: ['*立即报警并呼喊周围人员', '先回宿舍收拾贵重物品', '等待领导到场再处置', '乘坐电梯下楼查看'], analysis: '发现火情第一时间报警（119 及项目消控室），同时组织扑救和疏散。', difficulty: 1, tags: '初起火灾' },
      { type: 'single', stem: '干粉灭火器使用时，喷嘴应对准？', options: ['火焰上部', '*火焰根部', '火焰中部', '烟雾最浓处'], analysis: '对准火焰根部由近及远、左右扫射，才能覆盖燃烧物。', difficulty: 2, tags: '灭火器' },
      { type: 'single', stem: '手提式干粉灭火器压力表指针在哪个区域表示压力正常？', options: ['红色区域', '*绿色区域', '黄色区域', '任意区域'], analysis: '绿区正常，红区压力不足须送检充装，黄区压力过高。', difficulty: 1, tags: '灭火器,巡检' },
      { type: 'single', stem: '火灾报警电话是？', options: ['110', '120', '*119', '122'], analysis: '119 为火警电话。', difficulty: 1, tags: '报警' },
      { type: 'multiple', stem: '以下哪些行为违反消防安全管理规定？', options: ['*占用、堵塞疏散通道', '*锁闭安全出口', '定期检查消防栓', '*在楼道内为电动自行车充电'], analysis: '占用通道、锁闭出口、楼道充电均属违规，须立即整改。', difficulty: 2, tags: '隐患,电动车' },
      { type: 'multiple', stem: '火场逃生时正确的做法有？', options: ['*用湿毛巾捂住口鼻', '*弯腰低姿沿墙撤离', '乘坐电梯快速下楼', '*向烟雾相反方向撤离'], analysis: '火灾时电梯可能断电或成为烟囱，严禁乘坐。', difficulty: 2, tags: '疏散' },
      { type: 'judge', stem: '消防控制室值班人员可以一人值班。', answer: '错误', analysis: '消防控制室应实行 24 小时值班制度，每班不少于 2 人。', difficulty: 2, tags: '消控室' },
      { type: 'judge', stem: '常闭式防火门应保持关闭状态。', answer: '正确', analysis: '常闭防火门须处于关闭状态，不得用物品顶住。', difficulty: 1, tags: '防火门' },
      { type: 'fill', stem: '灭火的基本方法有冷却法、窒息法、隔离法和____法。', answer: '抑制/化学抑制', analysis: '四种基本方法：冷却、窒息、隔离、化学抑制。', difficulty: 3, tags: '基础知识' },
      { type: 'essay', stem: '简述项目发生火灾时，秩序维护员在疏散引导中应做的工作。', answer: '报告消控室；打开疏散通道与安全出口；引导人员沿安全路线撤离，禁止乘坐电梯；清点人数，搜寻被困人员；在集合点维持秩序并配合消防队。', analysis: '答出报告、开通道、引导、禁电梯、清点、配合消防等要点即可。', difficulty: 3, tags: '疏散,应急' },
    ],
  },
  {
    name: '安全生产题库',
    category: 'safety',
    description: '有限空间、高处作业、用电与个人防护',
    questions: [
      { type: 'single', stem: '进入化粪池、污水井等有限空间作业前，必须？', options: ['*先通风、再检测、后作业', '先作业、后通风', '戴口罩即可进入', '一人进入快速完成'], analysis: '有限空间作业须遵循“先通风、再检测、后作业”，并设专人监护。', difficulty: 2, tags: '有限空间' },
      { type: 'single', stem: '高处作业是指在坠落高度基准面多少米以上有可能坠落的高处进行的作业？', options: ['1 米', '*2 米', '3 米', '5 米'], analysis: '国家标准规定 2 米及以上为高处作业。', difficulty: 2, tags: '高处作业' },
      { type: 'single', stem: '安全带的正确使用方法是？', options: ['低挂高用', '*高挂低用', '随意挂在身边', '挂在移动物体上'], analysis: '高挂低用可减少坠落距离和冲击力。', difficulty: 1, tags: '高处作业,防护用品' },
      { type: 'multiple', stem: '电气设备检修时应采取的安全措施有？', options: ['*停电', '*验电', '*挂接地线和悬挂标示牌', '带电快速操作'], analysis: '停电、验电、装设接地线、悬挂标示牌和装设遮栏是保证安全的技术措施。', difficulty: 3, tags: '用电安全' },
      { type: 'judge', stem: '有限空间作业时，监护人员可以进入有限空间内帮助作业。', answer: '错误', analysis: '监护人员须始终在外监护，不得进入。', difficulty: 2, tags: '有限空间' },
      { type: 'judge', stem: '使用梯子作业时，梯子与地面的夹角以 60° 左右为宜。', answer: '正确', analysis: '夹角约 60°（约 75° 为直梯上限）较稳，且须有人扶梯。', difficulty: 2, tags: '高处作业' },
      { type: 'fill', stem: '安全生产方针是：安全第一、____为主、综合治理。', answer: '预防', analysis: '《安全生产法》规定的方针。', difficulty: 1, tags: '法规' },
      { type: 'essay', stem: '发现同事在配电房内触电，你应如何处置？', answer: '立即切断电源或用绝缘物使其脱离电源；不得直接用手拉拽；拨打 120；对无呼吸心跳者进行心肺复苏；保护现场并上报。', analysis: '先断电、再施救、同时呼救和上报。', difficulty: 3, tags: '用电安全,应急' },
    ],
  },
  {
    name: '客户服务规范题库',
    category: 'service',
    description: '前台接待、报事受理、投诉处理与礼仪',
    questions: [
      { type: 'single', stem: '业主来电报修，客服接听电话应在铃响几声内？', options: ['*3 声', '6 声', '10 声', '无要求'], analysis: '公司服务标准：铃响 3 声内接听，并使用标准问候语。', difficulty: 1, tags: '电话礼仪' },
      { type: 'single', stem: '业主情绪激动地投诉时，首先应当？', options: ['解释不是自己的责任', '*耐心倾听并表示理解', '请其去找项目经理', '打断业主说明公司规定'], analysis: '先处理情绪再处理事情：倾听、共情、记录。', difficulty: 2, tags: '投诉处理' },
      { type: 'single', stem: '报事受理后，客服应在多长时间内派单？', options: ['*10 分钟', '1 小时', '当天下班前', '第二天'], analysis: '报事受理后 10 分钟内派单，紧急报事立即派单。', difficulty: 2, tags: '报事受理' },
      { type: 'multiple', stem: '以下属于客服“首问负责制”要求的有？', options: ['*第一个接待的员工负责跟进到底', '*不能处理的要转交并告知业主进度', '推给其他部门即可', '*处理完成后回访'], analysis: '首问负责：接待、转交、跟踪、回访闭环。', difficulty: 2, tags: '首问负责' },
      { type: 'judge', stem: '为方便工作，可以将业主的手机号码告诉来访的装修公司。', answer: '错误', analysis: '业主个人信息须保密，未经本人同意不得向第三方提供。', difficulty: 1, tags: '隐私保护' },
      { type: 'judge', stem: '维修完成后应在 24 小时内对业主进行回访。', answer: '正确', analysis: '公司回访标准为完成后 24 小时内。', difficulty: 1, tags: '回访' },
      { type: 'fill', stem: '客服接待业主时应做到“三声服务”：来有迎声、问有答声、走有____声。', answer: '送', analysis: '三声服务：迎声、答声、送声。', difficulty: 1, tags: '礼仪' },
      { type: 'essay', stem: '业主投诉楼上漏水多日未解决，请写出你的处理步骤。', answer: '安抚并记录；当天安排工程人员上门查勘；联系楼上业主配合；明确责任与维修时限并告知业主；跟踪维修进度；完成后回访满意度。', analysis: '要点：安抚、查勘、协调、告知时限、跟踪、回访。', difficulty: 3, tags: '投诉处理' },
    ],
  },
  {
    name: '工程维修基础题库',
    category: 'engineering',
    description: '给排水、供配电、电梯与设备巡检',
    questions: [
      { type: 'single', stem: '电梯困人时，物业人员应当？', options: ['自行撬开轿厢门救人', '*安抚被困人员并立即通知电梯维保单位', '让被困人员自行爬出', '等待电梯自动恢复'], analysis: '非持证人员不得盲目施救，须安抚并通知维保单位，持证人员按规程盘车。', difficulty: 2, tags: '电梯' },
      { type: 'single', stem: '生活水箱清洗消毒的频次至少为？', options: ['每月一次', '*每半年一次', '每两年一次', '出现问题再清洗'], analysis: '《二次供水设施卫生规范》要求每半年至少清洗消毒一次。', difficulty: 2, tags: '给排水' },
      { type: 'single', stem: '低压配电系统中，PE 线指的是？', options: ['相线', '中性线', '*保护接地线', '控制线'], analysis: 'PE 为保护接地线，颜色为黄绿双色。', difficulty: 3, tags: '供配电' },
      { type: 'multiple', stem: '水泵房日常巡检应检查的内容有？', options: ['*水泵运行声音与振动', '*压力表读数', '*有无漏水', '业主缴费情况'], analysis: '巡检关注运行状态、压力、渗漏、温度等。', difficulty: 2, tags: '巡检,给排水' },
      { type: 'judge', stem: '更换灯具时可以不断电，只要戴手套即可。', answer: '错误', analysis: '必须断电并验电后作业。', difficulty: 1, tags: '用电安全' },
      { type: 'judge', stem: '电梯轿厢内应张贴有效的《电梯使用标志》。', answer: '正确', analysis: '电梯使用标志须在检验合格有效期内并张贴于轿厢显著位置。', difficulty: 1, tags: '电梯' },
      { type: 'fill', stem: '我国民用低压交流电的额定电压为____伏，频率为 50 赫兹。', answer: '220', analysis: '单相 220V，三相 380V。', difficulty: 1, tags: '供配电' },
      { type: 'essay', stem: '简述地下车库发生水浸时工程人员的应急处置。', answer: '查明进水点并封堵；启动排水泵，必要时调用移动泵；切断受威胁区域电源；设置警示，疏导车辆；通知客服告知业主；事后清理并分析原因。', analysis: '要点：堵、排、断电、警示、通知、复盘。', difficulty: 3, tags: '应急,给排水' },
    ],
  },
];
