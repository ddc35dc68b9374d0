import type { RuntimeForm } from '../../../src/shared/runtimeForm.ts';

const OK = ['合格', '不合格'];

/** The demo's standard work templates: check items as the form designer saves them. */
export const DEMO_TEMPLATES: { name: string; kind: string; category: string; sla: number; photo: boolean; actions: string[]; description: string; form: RuntimeForm }[] = [
  {
    name: '公共区域保洁日检',
    kind: 'plan',
    category: 'environment',
    sla: 10,
    actions: ['transfer', 'suspend', 'assist', 'extend'],
    photo: true,
    description: '大堂、电梯轿厢、楼道、垃圾分类点每日检查，不合格项当日整改。',
    form: {
      items: [
        { key: 'q1', component: 'Radio.Group', label: '大堂地面无污渍、无积水', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q2', component: 'Radio.Group', label: '电梯轿厢镜面、按钮清洁', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q3', component: 'Radio.Group', label: '垃圾分类点无满溢、无异味', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q4', component: 'NumberPicker', label: '整体保洁评分（1-10 分）', required: true, minimum: 1, maximum: 10 },
        { key: 'q5', component: 'Input.TextArea', label: '问题与整改说明', required: false, maxLength: 300 },
      ],
    },
  },
  {
    name: '设备房周巡检',
    kind: 'plan',
    category: 'engineering',
    sla: 8,
    actions: ['transfer', 'assist', 'copy', 'extend'],
    photo: true,
    description: '水泵房、配电房每周巡检两次，记录运行参数。',
    form: {
      items: [
        { key: 'q1', component: 'Radio.Group', label: '水泵运行声音正常、无渗漏', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q2', component: 'NumberPicker', label: '供水压力（MPa）', required: true, minimum: 0, maximum: 2 },
        { key: 'q3', component: 'Radio.Group', label: '配电柜指示灯、温度正常', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q4', component: 'Checkbox.Group', label: '发现的问题', required: false, options: ['设备异响', '渗漏', '照明损坏', '杂物堆放', '门锁损坏'] },
        { key: 'q5', component: 'Input', label: '备注', required: false, maxLength: 200 },
      ],
    },
  },
  {
    name: '消防设施月检',
    kind: 'plan',
    category: 'safety',
    sla: 24,
    actions: ['transfer', 'assist', 'copy'],
    photo: true,
    description: '每月 5 日检查灭火器、消火栓、应急照明与疏散通道。',
    form: {
      items: [
        { key: 'q1', component: 'Radio.Group', label: '灭火器压力在绿区、在有效期内', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q2', component: 'Radio.Group', label: '消火栓箱配件齐全', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q3', component: 'Radio.Group', label: '应急照明、疏散指示正常', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q4', component: 'Radio.Group', label: '疏散通道畅通无堆放', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q5', component: 'Input.TextArea', label: '整改要求', required: false, maxLength: 300 },
      ],
    },
  },
  {
    name: '秩序岗交接班检查',
    kind: 'task',
    category: 'safety',
    sla: 2,
    actions: ['transfer'],
    photo: false,
    description: '交接班时核对岗位物品、监控与记录。',
    form: {
      items: [
        { key: 'q1', component: 'Radio.Group', label: '对讲机、钥匙等物品交接齐全', required: true, options: OK },
        { key: 'q2', component: 'Radio.Group', label: '监控画面正常', required: true, options: OK, alarm: ['不合格'] },
        { key: 'q3', component: 'Input', label: '交接事项', required: false, maxLength: 200 },
      ],
    },
  },
  {
    name: '设施设备异常上报',
    kind: 'event',
    category: 'engineering',
    sla: 4,
    actions: ['transfer', 'assist', 'copy', 'extend'],
    photo: true,
    description: '巡查或值班中发现设施设备异常，现场拍照上报，判断是否需要转维修工单。',
    form: {
      items: [
        { key: 'q1', component: 'Radio.Group', label: '设备类别', required: true, options: ['电梯', '给排水', '供配电', '门禁道闸', '公共照明', '消防设施'] },
        { key: 'q2', component: 'Radio.Group', label: '是否影响业主正常使用', required: true, options: ['是', '否'], alarm: ['是'] },
        { key: 'q3', component: 'Input.TextArea', label: '已采取的临时措施', required: false, maxLength: 200 },
      ],
    },
  },
  {
    name: '安全隐患上报',
    kind: 'event',
    category: 'safety',
    sla: 2,
    actions: ['transfer', 'copy'],
    photo: true,
    description: '发现消防、治安、高空坠物等安全隐患立即上报，紧急情况同时电话通知项目经理。',
    form: {
      items: [
        { key: 'q1', component: 'Radio.Group', label: '隐患类别', required: true, options: ['消防通道堵塞', '高空坠物风险', '漏电触电风险', '可疑人员', '其他'] },
        { key: 'q2', component: 'Radio.Group', label: '是否已现场处置', required: true, options: ['是', '否'] },
        { key: 'q3', component: 'Input.TextArea', label: '补充说明', required: false, maxLength: 200 },
      ],
    },
  },
];
