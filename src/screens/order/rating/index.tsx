import { Image, Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { AtProgress, AtTextarea } from 'taro-ui';
import 'taro-ui/lib/style/components/progress.scss';
import 'taro-ui/lib/style/components/textarea.scss';
import { DELIVERY_TIME_BUCKETS } from '../../../../types/catalogue';
import { PHOTO_MAX_KB, RATING_COMMENT_MAX, RATING_PHOTOS_MAX } from '../../../../types/constants';
import { ErrorCode } from '../../../../types/errors';
import { SubmitButton } from '../../../components/form';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageShell } from '../../../components/page-shell';
import { usePhotoViewer } from '../../../components/photo-viewer';
import { StarInput } from '../../../components/star-input';
import { ErrorState, Loading } from '../../../components/state-view';
import { useStores, useT } from '../../../stores';
import { useRating } from '../../../stores/rating';
import type { RatingPhoto } from '../../../stores/rating-store';
import { altText, announced, pressable } from '../../../utils/a11y';
import { useRouteParams } from '../../../utils/use-route-params';
import './index.scss';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/order';

/**
 * rating/{orderId} (spec §2, §3 Rating): stars for the food and for the rest, the delivery time bucket (not for a
 * collection order), a comment with its limit shown, up to six photos with preview, remove, a progress bar each
 * (hidden a second after success) and a retry; "Rating Success", then back to the order.
 *
 * taro-ui: AtRate (inside StarInput, which adds the radio buttons it lacks), AtTextarea and AtProgress. Not
 * AtImagePicker: it picks with chooseImage itself (past the platform adapter, its format and size checks and H5's file
 * input) and its remove control is an unlabelled 20 px view; the grid here is its layout with labelled 44 px controls.
 */
function RatingPage() {
  const { session, platform } = useStores();
  const rating = useRating();
  const t = useT();
  const nav = platform.navigation;
  const params = useRouteParams(nav, 'rating');
  const raw = params.orderId ?? '';
  const orderId = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  const viewer = usePhotoViewer(t('rating.photos', { count: rating.photos.length, max: RATING_PHOTOS_MAX }));

  useDidShow(() => platform.setTitle(t('rating.title')));
  useEffect(() => {
    if (orderId && session.isLoggedIn) void rating.open(orderId);
  }, [rating, orderId, session.isLoggedIn]);

  const submit = async () => {
    if (!(await rating.submit())) return;
    // Back to the order: the page it came from, or the order's page in its place.
    if (params.from === 'detail') await nav.back();
    else await nav.replace('orderDetail', { orderId });
  };

  if (!session.isLoggedIn) {
    return (
      <PageShell>
        <LoginPrompt message={t('rating.login_prompt')} />
      </PageShell>
    );
  }
  const order = rating.orderId === orderId ? rating.order : undefined;
  const notFound = !orderId || (rating.error as { code?: number } | undefined)?.code === ErrorCode.NotFound;
  if (notFound && !order) {
    return (
      <PageShell>
        <ErrorState message={t('rating.not_found')} />
      </PageShell>
    );
  }
  if (!order) {
    return (
      <PageShell>
        {rating.status === 'error' ? (
          <ErrorState message={t('errors.unknown')} onRetry={() => void rating.load()} />
        ) : (
          <Loading />
        )}
      </PageShell>
    );
  }

  const head = (
    <View className='rating__head'>
      <Text className='rating__title' {...{ role: 'heading', 'aria-level': 1 }}>
        {t('rating.title')}
      </Text>
      <Text className='rating__order'>
        {t('rating.order_line', { restaurant: order.restaurant_name, no: order.order_no || String(order.id) })}
      </Text>
    </View>
  );

  if (!rating.canRate && !rating.saved) {
    return (
      <PageShell>
        <View className='rating'>
          {head}
          <View className='rating__card rating__closed'>
            <Text>{order.rating_id ? t('rating.already_rated') : t('rating.cannot_rate')}</Text>
            <Text className='rating__link' {...pressable(() => void nav.replace('orderDetail', { orderId }))}>
              {t('order.title')}
            </Text>
          </View>
        </View>
      </PageShell>
    );
  }

  const missing = rating.tried ? rating.missing : [];
  const problem = (key: 'food' | 'delivery' | 'other') =>
    missing.includes(key) ? (
      <Text className='rating__error' {...announced('assertive')}>
        {t(`rating.missing_${key}`)}
      </Text>
    ) : null;
  const photoUrls = rating.photos.map((p) => p.file.path);

  return (
    <PageShell>
      <View className='rating'>
        {head}

        <View className='rating__card'>
          <View className='rating__field rating__field--food'>
            <Text className='rating__label' id='rating-food'>
              {t('rating.food')}
            </Text>
            <StarInput name='food' label={t('rating.food')} value={rating.food} onChange={(n) => rating.setFood(n)} />
            {problem('food')}
          </View>

          {!rating.isCollection && (
            <View className='rating__field rating__field--delivery'>
              <Text className='rating__label'>{t('rating.delivery')}</Text>
              <View className='rating__buckets' role='radiogroup' aria-label={t('rating.delivery')}>
                {DELIVERY_TIME_BUCKETS.map((b) => (
                  <Text
                    key={b}
                    className={`rating__bucket ${rating.delivery === b ? 'rating__bucket--on' : ''}`}
                    {...pressable(() => rating.setDelivery(b), { role: 'radio', checked: rating.delivery === b })}
                  >
                    {t(`store.delivery_${b}`)}
                  </Text>
                ))}
              </View>
              {problem('delivery')}
            </View>
          )}

          <View className='rating__field rating__field--other'>
            <Text className='rating__label'>{t('rating.other')}</Text>
            <StarInput
              name='other'
              label={t('rating.other')}
              value={rating.other}
              onChange={(n) => rating.setOther(n)}
            />
            {problem('other')}
          </View>
        </View>

        <View className='rating__card'>
          <View className='rating__field rating__field--comment'>
            <Text className='rating__label'>{t('rating.comment')}</Text>
            <AtTextarea
              className='rating__comment'
              // taro-ui's default customStyle is '', which React's <div> (Taro's H5 View) refuses: an object.
              customStyle={{}}
              value={rating.comment}
              onChange={(v: unknown) => rating.setComment(String(v))}
              maxLength={RATING_COMMENT_MAX}
              count={false}
              placeholder={t('rating.comment_placeholder')}
            />
            <Text className='rating__left' aria-live='polite'>
              {t('rating.comment_left', { count: rating.commentLeft })}
            </Text>
          </View>
        </View>

        <View className='rating__card'>
          <View className='rating__field rating__field--photos'>
            <Text className='rating__label'>
              {t('rating.photos', { count: rating.photos.length, max: RATING_PHOTOS_MAX })}
            </Text>
            <Text className='rating__hint'>{t('rating.photos_hint', { max: Math.round(PHOTO_MAX_KB / 1024) })}</Text>
            <View className='rating__photos'>
              {rating.photos.map((photo, i) => (
                <PhotoTile
                  key={photo.key}
                  photo={photo}
                  index={i + 1}
                  onPreview={() => viewer.open(photoUrls, i)}
                  onRemove={() => rating.removePhoto(photo.key)}
                  onRetry={() => void rating.retry(photo.key)}
                />
              ))}
              {rating.photosLeft > 0 && (
                <View className='rating__add' {...pressable(() => void rating.addPhotos())}>
                  <Text className='rating__add-plus' aria-hidden='true'>
                    +
                  </Text>
                  <Text className='rating__add-text'>{t('rating.add_photo')}</Text>
                </View>
              )}
              {rating.photosLeft > 0 && platform.media.cameraChoice() && (
                <View className='rating__add rating__add--camera' {...pressable(() => void rating.addPhotos('camera'))}>
                  <Text className='rating__add-plus' aria-hidden='true'>
                    ◉
                  </Text>
                  <Text className='rating__add-text'>{t('rating.take_photo')}</Text>
                </View>
              )}
            </View>
            {missing.includes('uploading') && (
              <Text className='rating__error' {...announced('assertive')}>
                {t('rating.missing_uploading')}
              </Text>
            )}
            {missing.includes('failed_photos') && (
              <Text className='rating__error' {...announced('assertive')}>
                {t('rating.missing_failed_photos')}
              </Text>
            )}
          </View>
        </View>

        <SubmitButton
          className='rating__submit'
          label={rating.submitting ? t('rating.submitting') : t('rating.submit')}
          disabled={rating.submitting}
          onClick={() => void submit()}
        />
      </View>
      {viewer.viewer}
    </PageShell>
  );
}

const PhotoTile = observer(function PhotoTile({
  photo,
  index,
  onPreview,
  onRemove,
  onRetry,
}: {
  photo: RatingPhoto;
  index: number;
  onPreview(): void;
  onRemove(): void;
  onRetry(): void;
}) {
  const t = useT();
  return (
    <View className={`rating-photo rating-photo--${photo.status}`}>
      <View className='rating-photo__frame' {...pressable(onPreview, { label: t('rating.preview_photo', { index }) })}>
        <Image className='rating-photo__image' src={photo.file.path} mode='aspectFill' {...altText('')} />
      </View>
      <Text className='rating-photo__remove' {...pressable(onRemove, { label: t('rating.remove_photo', { index }) })}>
        ×
      </Text>
      {photo.showProgress && (
        <View
          className='rating-photo__progress'
          role='progressbar'
          aria-label={t('rating.uploading', { index })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={photo.progress}
        >
          <AtProgress
            percent={photo.progress}
            isHidePercent
            strokeWidth={4}
            status={photo.status === 'done' ? 'success' : 'progress'}
          />
        </View>
      )}
      {photo.status === 'failed' && (
        <View className='rating-photo__failed'>
          <Text className='rating-photo__error' {...announced('assertive')}>
            {t('rating.upload_failed', { reason: photo.error ?? '' })}
          </Text>
          <Text className='rating-photo__retry' {...pressable(onRetry)}>
            {t('rating.retry')}
          </Text>
        </View>
      )}
    </View>
  );
});

export default observer(RatingPage);
