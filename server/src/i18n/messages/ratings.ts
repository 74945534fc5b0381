/** Photos, ratings and content checks (issue 16). */
export const ratings = {
  'upload.rate_limited': {
    cn: '一小时内最多上传 {max} 张照片，请 {minutes} 分钟后再试',
    en: 'At most {max} photos an hour: try again in {minutes} minutes',
  },
  'upload.no_file': { cn: '请选择要上传的图片（字段 {field}）', en: 'Choose a picture to upload (field "{field}")' },
  'upload.bad_form': {
    cn: '上传内容不完整或格式错误，请重新选择图片',
    en: 'The upload was incomplete or malformed: choose the picture again',
  },
  'upload.too_large': { cn: '图片不能超过 {max} KB', en: 'The picture is larger than {max} KB' },
  'upload.empty': { cn: '文件是空的', en: 'The file is empty' },
  'upload.not_picture': {
    cn: '这个文件不是可识别的图片，请选择 JPEG、PNG 或 WebP 格式的照片',
    en: 'This file is not a picture we can read: choose a JPEG, PNG or WebP photo',
  },
  'upload.heic': {
    cn: '暂不支持 HEIC 格式，请选择 JPEG、PNG 或 WebP 格式的照片（iPhone：设置 > 相机 > 格式 > 兼容性最佳）',
    en: 'HEIC pictures cannot be read here: choose a JPEG, PNG or WebP photo (iPhone: Settings > Camera > Formats > Most Compatible)',
  },
  'upload.too_many_pixels': {
    cn: '图片尺寸过大（{width}×{height}），最多 {max} 百万像素',
    en: 'The picture is too large ({width}×{height}): at most {max} megapixels',
  },
  'upload.unreadable': {
    cn: '图片已损坏或不完整，请换一张',
    en: 'The picture is damaged or incomplete: choose another',
  },
  'upload.unavailable': {
    cn: '照片暂时无法保存，请稍后再试',
    en: 'Photos cannot be stored right now: try again shortly',
  },
  'content_check.unavailable': {
    cn: '内容安全检查暂不可用，请稍后再试',
    en: 'The content check is not available right now: try again shortly',
  },
  'rating.order_not_ratable': {
    cn: '订单送达或取餐后才能评价',
    en: 'An order can be rated once it has been delivered or collected',
  },
  'rating.exists': { cn: '这个订单已经评价过了', en: 'This order has already been rated' },
  'rating.bucket_required': { cn: '请选择送达用时', en: 'Choose how long the delivery took' },
  'rating.bucket_collection': {
    cn: '自取订单没有送达用时',
    en: 'A collection order has no delivery time',
  },
  'rating.comment_refused': {
    cn: '评价内容含有不能发布的信息，请修改后再提交',
    en: 'Your comment contains something that cannot be published: please change it',
  },
  'rating.photo_not_found': {
    cn: '照片 {id} 不存在，或已用于其他评价',
    en: 'Photo {id} is not one of your uploads, or another rating uses it',
  },
  'rating.not_found': { cn: '评价不存在（编号 {id}）', en: 'Rating {id} was not found' },
  'push.refused': { cn: '推送签名无效', en: 'The push signature is not valid' },
  'push.unknown_trace': { cn: '未知的检测任务，请稍后重发', en: 'Unknown check: send it again later' },
} as const;
