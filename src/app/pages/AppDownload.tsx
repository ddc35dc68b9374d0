import { Alert, Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { runtimeConfig } from '../../core/runtimeConfig.ts';
import { PublicCard } from './PublicCard.tsx';

/** /download: the staff mobile app, as a QR code to scan and a link. */
export default function AppDownload() {
  const url = runtimeConfig().appDownloadUrl;
  const [qr, setQr] = useState('');
  useEffect(() => {
    if (url) QRCode.toDataURL(url, { width: 220, margin: 1 }).then(setQr);
  }, [url]);
  return (
    <PublicCard title="悦家物业员工版 App">
      {url ? (
        <div style={{ textAlign: 'center' }}>
          {qr && <img src={qr} alt="App 下载二维码" width={220} height={220} />}
          <Typography.Paragraph type="secondary">使用手机扫描二维码下载安装，或点击下方按钮</Typography.Paragraph>
          <Button type="primary" href={url}>
            下载 App
          </Button>
        </div>
      ) : (
        <Alert type="info" showIcon message="管理员尚未配置 App 下载地址" description="请联系系统管理员（配置项 PMS_APP_DOWNLOAD_URL）。" />
      )}
    </PublicCard>
  );
}
