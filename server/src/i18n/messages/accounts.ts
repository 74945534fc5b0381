/** Accounts, logins, password reset and the address book. Field messages name the field as the form does. */
export const accounts = {
  // Registration and profile fields.
  'account.name_required': { cn: '请输入用户名', en: 'Please enter your user name.' },
  'account.name_too_long': { cn: '用户名最多 {max} 个字符', en: 'Your user name can be at most {max} characters.' },
  'account.phone_required': { cn: '请输入手机号码', en: 'Please enter your mobile number.' },
  'account.phone_invalid': {
    cn: '手机号码不正确，请输入以 1 开头的 11 位数字',
    en: 'Please enter a valid mobile number: 11 digits starting with 1.',
  },
  'account.email_required': { cn: '请输入邮箱', en: 'Please enter your e-mail address.' },
  'account.email_invalid': { cn: '邮箱格式不正确', en: 'Please enter a valid e-mail address.' },
  'account.password_required': { cn: '请输入密码', en: 'Please enter a password.' },
  'account.password_too_short': { cn: '密码至少 {min} 位', en: 'Your password must be at least {min} characters.' },
  'account.password_too_long': { cn: '密码最多 {max} 位', en: 'Your password can be at most {max} characters.' },
  'account.confirm_required': { cn: '请再次输入密码', en: 'Please confirm your password.' },
  'account.password_mismatch': { cn: '两次输入的密码不一致', en: 'The passwords do not match.' },
  'account.email_taken': {
    cn: '该邮箱已注册，请直接登录或找回密码',
    en: 'This e-mail address is already registered. Log in or reset your password.',
  },
  'account.phone_taken': {
    cn: '该手机号码已注册，请直接登录或找回密码',
    en: 'This mobile number is already registered. Log in or reset your password.',
  },
  'account.register_limited': {
    cn: '注册太频繁，请稍后再试',
    en: 'Too many sign-ups from your network. Please try again later.',
  },
  // Logins.
  'account.login_failed': { cn: '邮箱或密码错误', en: 'Incorrect e-mail or password.' },
  'account.login_limited': {
    cn: '登录失败次数过多，请 {minutes} 分钟后再试，或找回密码',
    en: 'Too many failed log-ins. Try again in {minutes} minutes or reset your password.',
  },
  'account.not_found': { cn: '账号不存在', en: 'The account does not exist.' },
  'account.wechat_code_required': { cn: '缺少微信登录凭证', en: 'The WeChat login code is missing.' },
  'account.wechat_code_invalid': {
    cn: '微信登录凭证无效或已过期，请重新登录',
    en: 'The WeChat login has expired or is invalid. Please log in again.',
  },
  'account.wechat_unavailable': {
    cn: '暂时无法连接微信，请稍后再试',
    en: 'WeChat cannot be reached right now. Please try again later.',
  },
  'account.wechat_taken': {
    cn: '该微信已绑定另一个账号',
    en: 'This WeChat account is already linked to another szeat account.',
  },
  'account.wechat_other_linked': {
    cn: '当前账号已绑定另一个微信',
    en: 'Your account is already linked to a different WeChat account.',
  },
  'account.oauth_state_required': {
    cn: '缺少登录校验参数，请重新发起微信登录',
    en: 'The login check value is missing. Please start the WeChat login again.',
  },
  'account.oauth_state_invalid': {
    cn: '微信登录请求已失效，请重新发起微信登录',
    en: 'This WeChat login request is no longer valid. Please start the WeChat login again.',
  },
  'account.redirect_invalid': {
    cn: '登录后的返回地址必须是本站地址',
    en: 'The return address after login must be on this site.',
  },
  // Password reset by SMS.
  'sms.code_required': { cn: '请输入验证码', en: 'Please enter the verification code.' },
  'sms.code_format': { cn: '验证码为 6 位数字', en: 'The verification code has 6 digits.' },
  'sms.code_wrong': {
    cn: '验证码错误或已失效，请重新获取',
    en: 'The verification code is wrong or no longer valid. Please ask for a new one.',
  },
  'sms.too_soon': {
    cn: '验证码已发送，请 {seconds} 秒后再试',
    en: 'A code was just sent. Please wait {seconds} seconds before asking again.',
  },
  'sms.too_many': {
    cn: '获取验证码太频繁，请稍后再试',
    en: 'Too many verification codes were requested. Please try again later.',
  },
  'sms.guess_limited': {
    cn: '验证码错误次数过多，请稍后再试',
    en: 'Too many wrong verification codes. Please try again later.',
  },
  'sms.reset_password_text': {
    cn: '【szeat】您的验证码是 {code}，{minutes} 分钟内有效，用于重置密码。如非本人操作，请忽略。',
    en: '[szeat] Your code is {code}. It is valid for {minutes} minutes and resets your password. If this was not you, ignore this message.',
  },
  // Address book.
  'address.not_found': { cn: '地址不存在', en: 'The address was not found.' },
  'address.recipient_required': { cn: '请输入收货人姓名', en: "Please enter the recipient's name." },
  'address.recipient_too_long': {
    cn: '收货人姓名最多 {max} 个字符',
    en: "The recipient's name can be at most {max} characters.",
  },
  'address.area_required': { cn: '请选择区域', en: 'Please choose an area.' },
  'address.area_not_found': {
    cn: '所选区域不存在，请重新选择',
    en: 'The chosen area does not exist. Please choose again.',
  },
  'address.building_required': { cn: '请选择楼宇', en: 'Please choose a building.' },
  'address.building_not_found': {
    cn: '所选楼宇不在该区域，请重新选择',
    en: 'The chosen building is not in that area. Please choose again.',
  },
  'address.building_no_too_long': {
    cn: '楼栋号最多 {max} 个字符',
    en: 'The building number can be at most {max} characters.',
  },
  'address.room_required': { cn: '请输入房间号', en: 'Please enter the room number.' },
  'address.room_too_long': { cn: '房间号最多 {max} 个字符', en: 'The room number can be at most {max} characters.' },
  'address.location_invalid': { cn: '地址坐标不正确', en: 'The location of the address is not valid.' },
  'address.too_many': {
    cn: '最多保存 {max} 个地址，请先删除不用的地址',
    en: 'You can keep at most {max} addresses. Please delete one you no longer use.',
  },
} as const;
