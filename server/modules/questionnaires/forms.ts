import type { RuntimeForm } from '../../../src/shared/runtimeForm.ts';

/** The demo's questionnaires, as the form designer saves them. */
export const SATISFACTION_FORM: RuntimeForm = {
  items: [
    { key: 'q1', component: 'Radio.Group', label: '您对物业服务的总体评价', required: true, options: ['非常满意', '满意', '一般', '不满意'], alarm: ['不满意'] },
    { key: 'q2', component: 'NumberPicker', label: '请为保洁服务打分（1-5 分）', required: true, minimum: 1, maximum: 5 },
    { key: 'q3', component: 'NumberPicker', label: '请为秩序维护（安保）打分（1-5 分）', required: true, minimum: 1, maximum: 5 },
    { key: 'q4', component: 'Checkbox.Group', label: '您认为最需要改进的方面（可多选）', required: false, options: ['环境卫生', '绿化养护', '停车管理', '维修响应', '客服态度', '公共设施'] },
    { key: 'q5', component: 'Radio.Group', label: '近三个月是否报修过', required: true, options: ['是', '否'] },
    { key: 'q6', component: 'Radio.Group', label: '报修处理是否及时', required: true, options: ['及时', '一般', '不及时'], alarm: ['不及时'], showWhen: { key: 'q5', in: ['是'] } },
    { key: 'q7', component: 'Input.TextArea', label: '您对物业还有哪些意见和建议', required: false, maxLength: 500 },
  ],
};

export const RESEARCH_FORM: RuntimeForm = {
  items: [
    { key: 'q1', component: 'Checkbox.Group', label: '您希望社区增加哪些便民服务', required: true, options: ['快递代收', '家政保洁', '老人助餐', '儿童托管', '洗车服务'] },
    { key: 'q2', component: 'Radio.Group', label: '您更愿意参加哪类社区活动', required: true, options: ['亲子活动', '健康讲座', '节日联欢', '运动比赛'] },
    { key: 'q3', component: 'Radio.Group', label: '方便参加活动的时间', required: true, options: ['工作日晚上', '周六', '周日'] },
    { key: 'q4', component: 'Input', label: '其他想法', required: false, maxLength: 200 },
  ],
};

export const STAFF_FORM: RuntimeForm = {
  items: [
    { key: 'q1', component: 'NumberPicker', label: '本月工作目标完成情况自评（1-10 分）', required: true, minimum: 1, maximum: 10 },
    { key: 'q2', component: 'Radio.Group', label: '本月是否收到业主表扬', required: true, options: ['是', '否'] },
    { key: 'q3', component: 'Input.TextArea', label: '本月工作亮点与不足', required: true, maxLength: 500 },
  ],
};

export const SUGGESTIONS = ['希望加强地下车库的照明', '垃圾分类点清运可以再及时一些', '小区绿化修剪很用心，点赞', '电梯偶尔有异响，请安排检修', '夜间巡逻可以再多一些', '快递柜不够用', '管家服务很热情', '儿童游乐区的设施需要维护', '希望增加充电桩'];
