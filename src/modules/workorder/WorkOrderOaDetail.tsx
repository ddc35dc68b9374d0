import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { loadOaScript } from '../../core/oaScript.ts';
import WorkOrderDetail from './WorkOrderDetail.tsx';

/** /task-oadetail and /action_oadetail: the work order opened from the OA system, after its helper script (spec 2.1). */
export default function WorkOrderOaDetail() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadOaScript().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? (
    <WorkOrderDetail />
  ) : (
    <Spin tip="正在加载办公系统组件…">
      <div style={{ minHeight: 200 }} />
    </Spin>
  );
}
