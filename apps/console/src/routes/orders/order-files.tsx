import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Popconfirm, Typography, Upload } from 'antd';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_PER_ORDER, type ConsoleOrderDetail } from '@kuaibao/domain';
import { useDeleteScreenshot, useUploadScreenshot } from '../../hooks/api/orders.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { dateTime } from '../../lib/format.ts';

/** Completion screenshots: shown on the visitor's receipt once the order is completed (status 2). */
export function OrderFiles(props: { order: ConsoleOrderDetail; canEdit: boolean }) {
  const { order } = props;
  const upload = useUploadScreenshot(order.id);
  const remove = useDeleteScreenshot(order.id);
  const full = order.files.length >= SCREENSHOT_MAX_PER_ORDER;
  return (
    <div>
      <Typography.Paragraph className="muted" style={{ marginTop: 0 }}>
        JPG 或 PNG，每张不超过 5 MB，最多 {SCREENSHOT_MAX_PER_ORDER} 张。订单标记为“已完成”后，客户可在回执中看到这些截图。
      </Typography.Paragraph>
      <div className="screenshot-grid" data-testid="screenshot-grid">
        {order.files.map((file, index) => (
          <div className="screenshot-item" key={file.id} data-testid="screenshot">
            <Image src={file.url} width={132} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} alt={`完成截图 ${index + 1}`} />
            <span className="muted" style={{ fontSize: 12 }}>
              {dateTime(file.created_at)}
            </span>
            {props.canEdit ? (
              <Popconfirm title="删除这张截图？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(file.id, { onSuccess: () => notifySuccess('截图已删除') })}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`删除完成截图 ${index + 1}`}>
                  删除
                </Button>
              </Popconfirm>
            ) : null}
          </div>
        ))}
      </div>
      {props.canEdit ? (
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          multiple
          disabled={full}
          beforeUpload={(file) => {
            // The server checks the bytes again; this saves a round trip for the obvious cases.
            if (!['image/jpeg', 'image/png'].includes(file.type)) {
              notifyError(new Error('仅支持 JPG 或 PNG 格式的图片'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > SCREENSHOT_MAX_BYTES) {
              notifyError(new Error('图片不能超过 5 MB'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={(options) => {
            upload.mutate(options.file as File, {
              onSuccess: (data) => {
                notifySuccess('截图已上传');
                options.onSuccess?.(data);
              },
              onError: (error) => options.onError?.(error),
            });
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={full} style={{ marginTop: order.files.length ? 12 : 0 }} data-testid="screenshot-upload">
            上传完成截图
          </Button>
        </Upload>
      ) : order.files.length === 0 ? (
        <Typography.Text className="muted">暂无截图（接单后可上传）。</Typography.Text>
      ) : null}
    </div>
  );
}
