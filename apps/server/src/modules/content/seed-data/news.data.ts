import type { Locale } from '@fairex/contract';
import type { ArticleText } from './seed-text.types';

/** How long before the seeding moment each news item is dated, so "newest first" has an order. */
export const demoNewsAgesHours = [2, 26, 74, 122, 170] as const;

type NewsTexts = readonly [ArticleText, ArticleText, ArticleText, ArticleText, ArticleText];

export const demoNewsTexts: Record<Locale, NewsTexts> = {
  en: [
    {
      title: 'The Fairex demo is open',
      summary: 'Explore the platform with simulated prices and test funds.',
      body:
        'The Fairex demo is open to everyone. Browse the markets and try each screen as it is released.\n\n' +
        'Prices in the demo are simulated, and every balance is test funds with no cash value. Nothing here can be deposited or withdrawn as real money.',
    },
    {
      title: 'Ten languages from day one',
      summary:
        'English, Simplified and Traditional Chinese, Thai, Japanese, Korean, French, Spanish, Vietnamese and Portuguese.',
      body:
        'Fairex is available in ten languages. Change the language at any time in Settings; your choice is remembered on this device.\n\n' +
        'If a translation reads oddly, please tell us through customer support.',
    },
    {
      title: 'Identity verification levels explained',
      summary: 'What basic (Lv1) and advanced (Lv2) verification unlock.',
      body:
        'Basic verification (Lv1) asks for your name, the type of your identity document and its number. It allows withdrawals of up to 200 BTC in 24 hours and fiat trades of up to 2,000 USDT each.\n\n' +
        'Advanced verification (Lv2) adds photos of the front and back of your document. It raises the limits to 500 BTC in 24 hours and 1,000,000 USDT per fiat trade.\n\n' +
        'Bind your email and phone number before you start.',
    },
    {
      title: 'Keep your account safe',
      summary: 'A few habits that protect your account and your funds.',
      body:
        'Use a login password you use nowhere else, and set a separate payment password.\n\n' +
        'Bind both your email and your phone number so you can always recover access.\n\n' +
        'Never share a verification code. Fairex staff will never ask for your password, payment password or codes.\n\n' +
        'Log out when you use a shared device.',
    },
    {
      title: 'Customer support around the clock',
      summary: 'Reach us by online chat, WhatsApp or Telegram, 24 hours a day.',
      body:
        'Our support team is available 24 hours a day. Open Contact us in your profile to start an online chat or to reach us on WhatsApp or Telegram.\n\n' +
        'In this demo the WhatsApp and Telegram links are placeholders.',
    },
  ],
  zh: [
    {
      title: 'Fairex 演示版已开放',
      summary: '使用模拟价格和测试资金体验平台。',
      body:
        'Fairex 演示版现已向所有人开放。您可以浏览行情，并在各项功能上线后逐一体验。\n\n' +
        '演示中的价格为模拟价格，所有余额均为没有现金价值的测试资金，不能作为真实资金充值或提现。',
    },
    {
      title: '首发即支持十种语言',
      summary: '英语、简体中文、繁体中文、泰语、日语、韩语、法语、西班牙语、越南语和葡萄牙语。',
      body:
        'Fairex 支持十种语言。您可以随时在“设置”中切换语言，本设备会记住您的选择。\n\n' +
        '如果发现读起来别扭的翻译，欢迎通过客服告诉我们。',
    },
    {
      title: '实名认证等级说明',
      summary: '初级认证（Lv1）和高级认证（Lv2）分别能解锁什么。',
      body:
        '初级认证（Lv1）需要填写姓名、证件类型和证件号码。通过后，24 小时内可提现最多 200 BTC，法币交易单笔最多 2,000 USDT。\n\n' +
        '高级认证（Lv2）还需上传证件正面和背面照片。通过后，限额提高到 24 小时 500 BTC，法币交易单笔 1,000,000 USDT。\n\n' +
        '开始认证前，请先绑定邮箱和手机号。',
    },
    {
      title: '保护好您的账户',
      summary: '几个简单习惯，守护您的账户和资金。',
      body:
        '登录密码请勿与其他网站共用，并另外设置一个独立的资金密码。\n\n' +
        '同时绑定邮箱和手机号，确保随时能找回账户。\n\n' +
        '切勿向任何人透露验证码。Fairex 工作人员绝不会索要您的登录密码、资金密码或验证码。\n\n' +
        '在公共设备上使用后，请记得退出登录。',
    },
    {
      title: '客服全天候在线',
      summary: '通过在线客服、WhatsApp 或 Telegram 联系我们，24 小时服务。',
      body:
        '我们的客服团队 24 小时在线。在个人中心打开“联系我们”，即可发起在线咨询，或通过 WhatsApp、Telegram 联系我们。\n\n' +
        '本演示中的 WhatsApp 和 Telegram 链接仅为占位示例。',
    },
  ],
  hk: [
    {
      title: 'Fairex 示範版已開放',
      summary: '使用模擬價格和測試資金體驗平台。',
      body:
        'Fairex 示範版現已向所有人開放。您可以瀏覽行情，並在各項功能推出後逐一體驗。\n\n' +
        '示範中的價格為模擬價格，所有結餘均為沒有現金價值的測試資金，不能作為真實資金存入或提取。',
    },
    {
      title: '推出即支援十種語言',
      summary: '英文、簡體中文、繁體中文、泰文、日文、韓文、法文、西班牙文、越南文和葡萄牙文。',
      body:
        'Fairex 支援十種語言。您可以隨時在「設定」中切換語言，本裝置會記住您的選擇。\n\n' +
        '如發現讀起來不自然的翻譯，歡迎透過客服告訴我們。',
    },
    {
      title: '實名認證等級說明',
      summary: '初級認證（Lv1）與高級認證（Lv2）分別可解鎖甚麼。',
      body:
        '初級認證（Lv1）需填寫姓名、證件類型及證件號碼。通過後，24 小時內可提取最多 200 BTC，法幣交易每筆最多 2,000 USDT。\n\n' +
        '高級認證（Lv2）另需上載證件正面及背面照片。通過後，限額提高至 24 小時 500 BTC，法幣交易每筆 1,000,000 USDT。\n\n' +
        '開始認證前，請先綁定電郵及手機號碼。',
    },
    {
      title: '保護好您的帳戶',
      summary: '幾個簡單習慣，守護您的帳戶和資金。',
      body:
        '登入密碼請勿與其他網站共用，並另設一個獨立的資金密碼。\n\n' +
        '同時綁定電郵及手機號碼，確保隨時可以取回帳戶。\n\n' +
        '切勿向任何人透露驗證碼。Fairex 職員絕不會索取您的登入密碼、資金密碼或驗證碼。\n\n' +
        '在公用裝置上使用後，請記得登出。',
    },
    {
      title: '客服全天候在線',
      summary: '透過線上客服、WhatsApp 或 Telegram 聯絡我們，24 小時服務。',
      body:
        '我們的客服團隊 24 小時在線。在個人中心打開「聯絡我們」，即可開始線上查詢，或透過 WhatsApp、Telegram 聯絡我們。\n\n' +
        '本示範中的 WhatsApp 和 Telegram 連結僅為示例。',
    },
  ],
  th: [
    {
      title: 'Fairex เวอร์ชันเดโมเปิดให้ใช้งานแล้ว',
      summary: 'ลองใช้แพลตฟอร์มด้วยราคาจำลองและเงินทดสอบ',
      body:
        'Fairex เวอร์ชันเดโมเปิดให้ทุกคนใช้งานแล้ว คุณดูตลาดและลองใช้แต่ละหน้าจอได้ทันทีที่เปิดให้บริการ\n\n' +
        'ราคาในเดโมเป็นราคาจำลอง และยอดเงินทั้งหมดเป็นเงินทดสอบที่ไม่มีมูลค่าเป็นเงินสด ไม่สามารถฝากหรือถอนเป็นเงินจริงได้',
    },
    {
      title: 'รองรับสิบภาษาตั้งแต่วันแรก',
      summary: 'อังกฤษ จีนตัวย่อ จีนตัวเต็ม ไทย ญี่ปุ่น เกาหลี ฝรั่งเศส สเปน เวียดนาม และโปรตุเกส',
      body:
        'Fairex ใช้งานได้ในสิบภาษา คุณเปลี่ยนภาษาได้ทุกเมื่อในหน้าการตั้งค่า และอุปกรณ์นี้จะจดจำตัวเลือกของคุณไว้\n\n' +
        'หากพบคำแปลที่อ่านแล้วไม่เป็นธรรมชาติ โปรดแจ้งเราผ่านฝ่ายบริการลูกค้า',
    },
    {
      title: 'อธิบายระดับการยืนยันตัวตน',
      summary: 'การยืนยันตัวตนขั้นพื้นฐาน (Lv1) และขั้นสูง (Lv2) ปลดล็อกอะไรบ้าง',
      body:
        'การยืนยันตัวตนขั้นพื้นฐาน (Lv1) ต้องกรอกชื่อ ประเภทเอกสารแสดงตัวตน และเลขที่เอกสาร เมื่อผ่านแล้วจะถอนได้สูงสุด 200 BTC ภายใน 24 ชั่วโมง และซื้อขายเงินเฟียตได้สูงสุดครั้งละ 2,000 USDT\n\n' +
        'การยืนยันตัวตนขั้นสูง (Lv2) ต้องส่งรูปถ่ายด้านหน้าและด้านหลังของเอกสารเพิ่มเติม เมื่อผ่านแล้ววงเงินจะเพิ่มเป็น 500 BTC ภายใน 24 ชั่วโมง และ 1,000,000 USDT ต่อการซื้อขายเงินเฟียตหนึ่งครั้ง\n\n' +
        'โปรดผูกอีเมลและหมายเลขโทรศัพท์ก่อนเริ่มยืนยันตัวตน',
    },
    {
      title: 'ดูแลบัญชีของคุณให้ปลอดภัย',
      summary: 'นิสัยง่าย ๆ ที่ช่วยปกป้องบัญชีและเงินของคุณ',
      body:
        'ใช้รหัสผ่านเข้าสู่ระบบที่ไม่ซ้ำกับที่อื่น และตั้งรหัสผ่านการชำระเงินแยกต่างหาก\n\n' +
        'ผูกทั้งอีเมลและหมายเลขโทรศัพท์ เพื่อให้กู้คืนการเข้าถึงบัญชีได้เสมอ\n\n' +
        'อย่าบอกรหัสยืนยันแก่ผู้ใด เจ้าหน้าที่ Fairex จะไม่ขอรหัสผ่าน รหัสผ่านการชำระเงิน หรือรหัสยืนยันของคุณโดยเด็ดขาด\n\n' +
        'ออกจากระบบทุกครั้งหลังใช้อุปกรณ์ร่วมกับผู้อื่น',
    },
    {
      title: 'ฝ่ายบริการลูกค้าพร้อมดูแลตลอด 24 ชั่วโมง',
      summary: 'ติดต่อเราผ่านแชตออนไลน์ WhatsApp หรือ Telegram ได้ตลอด 24 ชั่วโมง',
      body:
        'ทีมบริการลูกค้าของเราพร้อมให้บริการตลอด 24 ชั่วโมง เปิดหน้า "ติดต่อเรา" ในโปรไฟล์ของคุณเพื่อเริ่มแชตออนไลน์ หรือติดต่อเราทาง WhatsApp หรือ Telegram\n\n' +
        'ในเดโมนี้ ลิงก์ WhatsApp และ Telegram เป็นเพียงตัวอย่าง',
    },
  ],
  jp: [
    {
      title: 'Fairex デモ版を公開しました',
      summary: 'シミュレーション価格とテスト資金でプラットフォームをお試しください。',
      body:
        'Fairex デモ版をどなたでもご利用いただけるようになりました。相場を閲覧し、公開された画面から順にお試しいただけます。\n\n' +
        'デモの価格はシミュレーションで、残高はすべて現金価値のないテスト資金です。実際のお金として入金・出金することはできません。',
    },
    {
      title: '最初から10言語に対応',
      summary:
        '英語、簡体字中国語、繁体字中国語、タイ語、日本語、韓国語、フランス語、スペイン語、ベトナム語、ポルトガル語。',
      body:
        'Fairex は10言語でご利用いただけます。言語は「設定」からいつでも切り替えられ、選択はこの端末に保存されます。\n\n' +
        '不自然な翻訳を見つけたら、カスタマーサポートまでお知らせください。',
    },
    {
      title: '本人確認レベルについて',
      summary: '基本認証（Lv1）と上級認証（Lv2）でできること。',
      body:
        '基本認証（Lv1）では、氏名、本人確認書類の種類と番号を入力します。認証後は、24時間で最大200 BTCまで出金でき、法定通貨取引は1回あたり最大2,000 USDTまで可能です。\n\n' +
        '上級認証（Lv2）では、さらに書類の表面と裏面の写真を提出します。認証後は、上限が24時間で500 BTC、法定通貨取引1回あたり1,000,000 USDTに引き上げられます。\n\n' +
        '本人確認を始める前に、メールアドレスと電話番号を登録してください。',
    },
    {
      title: 'アカウントを安全に保つために',
      summary: 'アカウントと資産を守るためのちょっとした習慣。',
      body:
        'ログインパスワードは他のサービスと使い回さず、別に資金パスワードを設定しましょう。\n\n' +
        'メールアドレスと電話番号の両方を登録しておけば、いつでもアカウントを復旧できます。\n\n' +
        '認証コードは誰にも教えないでください。Fairex のスタッフがパスワード、資金パスワード、認証コードを尋ねることは決してありません。\n\n' +
        '共用の端末を使った後は、必ずログアウトしてください。',
    },
    {
      title: '24時間対応のカスタマーサポート',
      summary: 'オンラインチャット、WhatsApp、Telegram で24時間お問い合わせいただけます。',
      body:
        'サポートチームは24時間対応しています。マイページの「お問い合わせ」から、オンラインチャットを始めるか、WhatsApp または Telegram でご連絡ください。\n\n' +
        'このデモの WhatsApp と Telegram のリンクは仮のものです。',
    },
  ],
  kor: [
    {
      title: 'Fairex 데모가 열렸습니다',
      summary: '시뮬레이션 가격과 테스트 자금으로 플랫폼을 체험해 보세요.',
      body:
        '이제 누구나 Fairex 데모를 이용할 수 있습니다. 시장을 둘러보고, 화면이 공개되는 대로 하나씩 사용해 보세요.\n\n' +
        '데모의 가격은 시뮬레이션이며, 모든 잔고는 현금 가치가 없는 테스트 자금입니다. 실제 돈으로 입금하거나 출금할 수 없습니다.',
    },
    {
      title: '처음부터 10개 언어 지원',
      summary:
        '영어, 중국어 간체, 중국어 번체, 태국어, 일본어, 한국어, 프랑스어, 스페인어, 베트남어, 포르투갈어.',
      body:
        'Fairex는 10개 언어로 이용할 수 있습니다. 언어는 설정에서 언제든지 바꿀 수 있으며, 선택한 언어는 이 기기에 저장됩니다.\n\n' +
        '어색한 번역을 발견하시면 고객센터로 알려 주세요.',
    },
    {
      title: '본인 인증 단계 안내',
      summary: '기본 인증(Lv1)과 고급 인증(Lv2)으로 이용할 수 있는 기능.',
      body:
        '기본 인증(Lv1)에서는 이름, 신분증 종류와 번호를 입력합니다. 인증을 마치면 24시간 동안 최대 200 BTC까지 출금할 수 있고, 법정화폐 거래는 건당 최대 2,000 USDT까지 가능합니다.\n\n' +
        '고급 인증(Lv2)에서는 신분증 앞면과 뒷면 사진을 추가로 제출합니다. 인증을 마치면 한도가 24시간 500 BTC, 법정화폐 거래 건당 1,000,000 USDT로 올라갑니다.\n\n' +
        '인증을 시작하기 전에 이메일과 휴대폰 번호를 먼저 연결해 주세요.',
    },
    {
      title: '계정을 안전하게 지키세요',
      summary: '계정과 자산을 보호하는 몇 가지 습관.',
      body:
        '다른 곳에서 쓰지 않는 로그인 비밀번호를 사용하고, 결제 비밀번호는 따로 설정하세요.\n\n' +
        '이메일과 휴대폰 번호를 모두 연결해 두면 언제든 계정을 복구할 수 있습니다.\n\n' +
        '인증 코드는 절대 다른 사람에게 알려 주지 마세요. Fairex 직원은 비밀번호, 결제 비밀번호, 인증 코드를 절대 묻지 않습니다.\n\n' +
        '공용 기기를 사용한 뒤에는 반드시 로그아웃하세요.',
    },
    {
      title: '연중무휴 24시간 고객 지원',
      summary: '온라인 채팅, WhatsApp, Telegram으로 24시간 문의하실 수 있습니다.',
      body:
        "고객 지원팀은 24시간 운영됩니다. 내 정보의 '문의하기'에서 온라인 채팅을 시작하거나 WhatsApp 또는 Telegram으로 연락하세요.\n\n" +
        '이 데모의 WhatsApp과 Telegram 링크는 예시용입니다.',
    },
  ],
  fra: [
    {
      title: 'La démo Fairex est ouverte',
      summary: 'Découvrez la plateforme avec des prix simulés et des fonds de test.',
      body:
        'La démo Fairex est ouverte à tous. Parcourez les marchés et essayez chaque écran dès sa mise en ligne.\n\n' +
        'Dans la démo, les prix sont simulés et tous les soldes sont des fonds de test sans valeur monétaire. Rien ne peut y être déposé ni retiré en argent réel.',
    },
    {
      title: 'Dix langues dès le premier jour',
      summary:
        'Anglais, chinois simplifié et traditionnel, thaï, japonais, coréen, français, espagnol, vietnamien et portugais.',
      body:
        'Fairex est disponible en dix langues. Changez de langue à tout moment dans les Paramètres\u00a0; votre choix est mémorisé sur cet appareil.\n\n' +
        'Si une traduction vous semble maladroite, signalez-la-nous via le service client.',
    },
    {
      title: "Les niveaux de vérification d'identité expliqués",
      summary: 'Ce que débloquent la vérification de base (Lv1) et la vérification avancée (Lv2).',
      body:
        "La vérification de base (Lv1) demande votre nom, le type de votre pièce d'identité et son numéro. Elle permet des retraits jusqu'à 200 BTC sur 24 heures et des opérations en monnaie fiduciaire jusqu'à 2\u202f000 USDT chacune.\n\n" +
        'La vérification avancée (Lv2) ajoute des photos du recto et du verso de votre pièce. Elle porte les plafonds à 500 BTC sur 24 heures et à 1\u202f000\u202f000 USDT par opération en monnaie fiduciaire.\n\n' +
        'Associez votre e-mail et votre numéro de téléphone avant de commencer.',
    },
    {
      title: 'Protégez votre compte',
      summary: 'Quelques réflexes qui protègent votre compte et vos fonds.',
      body:
        "Utilisez un mot de passe de connexion que vous n'utilisez nulle part ailleurs, et définissez un mot de passe de paiement distinct.\n\n" +
        "Associez votre e-mail et votre numéro de téléphone pour toujours pouvoir récupérer l'accès à votre compte.\n\n" +
        'Ne communiquez jamais un code de vérification. Le personnel de Fairex ne vous demandera jamais votre mot de passe, votre mot de passe de paiement ni vos codes.\n\n' +
        'Déconnectez-vous après avoir utilisé un appareil partagé.',
    },
    {
      title: 'Un service client disponible jour et nuit',
      summary: 'Contactez-nous par chat en ligne, WhatsApp ou Telegram, 24 heures sur 24.',
      body:
        "Notre équipe d'assistance est disponible 24 heures sur 24. Ouvrez «\u00a0Nous contacter\u00a0» dans votre profil pour lancer un chat en ligne ou nous joindre sur WhatsApp ou Telegram.\n\n" +
        'Dans cette démo, les liens WhatsApp et Telegram sont des exemples.',
    },
  ],
  spa: [
    {
      title: 'La demo de Fairex ya está abierta',
      summary: 'Explora la plataforma con precios simulados y fondos de prueba.',
      body:
        'La demo de Fairex ya está abierta para todos. Recorre los mercados y prueba cada pantalla en cuanto esté disponible.\n\n' +
        'En la demo los precios son simulados y todos los saldos son fondos de prueba sin valor monetario. Nada de lo que hay aquí se puede depositar ni retirar como dinero real.',
    },
    {
      title: 'Diez idiomas desde el primer día',
      summary:
        'Inglés, chino simplificado y tradicional, tailandés, japonés, coreano, francés, español, vietnamita y portugués.',
      body:
        'Fairex está disponible en diez idiomas. Cambia el idioma cuando quieras en Ajustes; tu elección se guarda en este dispositivo.\n\n' +
        'Si alguna traducción te suena rara, cuéntanoslo a través de atención al cliente.',
    },
    {
      title: 'Los niveles de verificación de identidad, explicados',
      summary: 'Qué desbloquean la verificación básica (Lv1) y la avanzada (Lv2).',
      body:
        'La verificación básica (Lv1) pide tu nombre, el tipo de documento de identidad y su número. Permite retiros de hasta 200 BTC en 24 horas y operaciones con moneda fiduciaria de hasta 2.000 USDT cada una.\n\n' +
        'La verificación avanzada (Lv2) añade fotos del anverso y el reverso de tu documento. Eleva los límites a 500 BTC en 24 horas y a 1.000.000 USDT por operación con moneda fiduciaria.\n\n' +
        'Vincula tu correo electrónico y tu número de teléfono antes de empezar.',
    },
    {
      title: 'Mantén tu cuenta segura',
      summary: 'Algunos hábitos que protegen tu cuenta y tus fondos.',
      body:
        'Usa una contraseña de acceso que no utilices en ningún otro sitio y configura una contraseña de pago distinta.\n\n' +
        'Vincula tu correo electrónico y tu número de teléfono para poder recuperar siempre el acceso.\n\n' +
        'Nunca compartas un código de verificación. El personal de Fairex nunca te pedirá tu contraseña, tu contraseña de pago ni tus códigos.\n\n' +
        'Cierra sesión cuando uses un dispositivo compartido.',
    },
    {
      title: 'Atención al cliente a cualquier hora',
      summary: 'Contáctanos por chat en línea, WhatsApp o Telegram, las 24 horas del día.',
      body:
        'Nuestro equipo de soporte está disponible las 24 horas del día. Abre «Contáctanos» en tu perfil para iniciar un chat en línea o escribirnos por WhatsApp o Telegram.\n\n' +
        'En esta demo, los enlaces de WhatsApp y Telegram son de ejemplo.',
    },
  ],
  vi: [
    {
      title: 'Bản demo Fairex đã mở',
      summary: 'Khám phá nền tảng với giá mô phỏng và tiền thử nghiệm.',
      body:
        'Bản demo Fairex đã mở cho tất cả mọi người. Hãy xem thị trường và dùng thử từng màn hình ngay khi được phát hành.\n\n' +
        'Giá trong bản demo là giá mô phỏng, và mọi số dư đều là tiền thử nghiệm không có giá trị tiền mặt. Không thể nạp hay rút bất cứ thứ gì ở đây dưới dạng tiền thật.',
    },
    {
      title: 'Mười ngôn ngữ ngay từ ngày đầu',
      summary:
        'Tiếng Anh, tiếng Trung giản thể và phồn thể, tiếng Thái, tiếng Nhật, tiếng Hàn, tiếng Pháp, tiếng Tây Ban Nha, tiếng Việt và tiếng Bồ Đào Nha.',
      body:
        'Fairex có sẵn bằng mười ngôn ngữ. Bạn có thể đổi ngôn ngữ bất cứ lúc nào trong phần Cài đặt; lựa chọn của bạn được ghi nhớ trên thiết bị này.\n\n' +
        'Nếu thấy bản dịch nào chưa tự nhiên, hãy cho chúng tôi biết qua bộ phận chăm sóc khách hàng.',
    },
    {
      title: 'Giải thích các cấp xác minh danh tính',
      summary: 'Xác minh cơ bản (Lv1) và nâng cao (Lv2) mở khóa những gì.',
      body:
        'Xác minh cơ bản (Lv1) yêu cầu họ tên, loại giấy tờ tùy thân và số giấy tờ. Sau khi xác minh, bạn có thể rút tối đa 200 BTC trong 24 giờ và giao dịch tiền pháp định tối đa 2.000 USDT mỗi lần.\n\n' +
        'Xác minh nâng cao (Lv2) yêu cầu thêm ảnh mặt trước và mặt sau của giấy tờ. Hạn mức được nâng lên 500 BTC trong 24 giờ và 1.000.000 USDT cho mỗi giao dịch tiền pháp định.\n\n' +
        'Hãy liên kết email và số điện thoại trước khi bắt đầu.',
    },
    {
      title: 'Giữ an toàn cho tài khoản của bạn',
      summary: 'Vài thói quen đơn giản giúp bảo vệ tài khoản và tài sản của bạn.',
      body:
        'Dùng mật khẩu đăng nhập không trùng với bất kỳ nơi nào khác, và đặt một mật khẩu thanh toán riêng.\n\n' +
        'Liên kết cả email và số điện thoại để luôn có thể khôi phục quyền truy cập.\n\n' +
        'Không bao giờ chia sẻ mã xác minh. Nhân viên Fairex sẽ không bao giờ hỏi mật khẩu, mật khẩu thanh toán hay mã xác minh của bạn.\n\n' +
        'Hãy đăng xuất sau khi dùng thiết bị chung.',
    },
    {
      title: 'Hỗ trợ khách hàng suốt ngày đêm',
      summary: 'Liên hệ với chúng tôi qua trò chuyện trực tuyến, WhatsApp hoặc Telegram, 24 giờ mỗi ngày.',
      body:
        'Đội ngũ hỗ trợ của chúng tôi làm việc 24 giờ mỗi ngày. Mở mục "Liên hệ" trong hồ sơ của bạn để bắt đầu trò chuyện trực tuyến hoặc liên hệ qua WhatsApp hay Telegram.\n\n' +
        'Trong bản demo này, các liên kết WhatsApp và Telegram chỉ là ví dụ.',
    },
  ],
  pt: [
    {
      title: 'A demonstração da Fairex está aberta',
      summary: 'Explore a plataforma com preços simulados e fundos de teste.',
      body:
        'A demonstração da Fairex está aberta a todos. Navegue pelos mercados e experimente cada tela assim que ela for lançada.\n\n' +
        'Na demonstração os preços são simulados e todos os saldos são fundos de teste sem valor monetário. Nada aqui pode ser depositado ou sacado como dinheiro real.',
    },
    {
      title: 'Dez idiomas desde o primeiro dia',
      summary:
        'Inglês, chinês simplificado e tradicional, tailandês, japonês, coreano, francês, espanhol, vietnamita e português.',
      body:
        'A Fairex está disponível em dez idiomas. Mude o idioma quando quiser em Configurações; sua escolha fica salva neste aparelho.\n\n' +
        'Se alguma tradução soar estranha, conte para nós pelo atendimento ao cliente.',
    },
    {
      title: 'Os níveis de verificação de identidade explicados',
      summary: 'O que a verificação básica (Lv1) e a avançada (Lv2) liberam.',
      body:
        'A verificação básica (Lv1) pede seu nome, o tipo do documento de identidade e o número dele. Ela permite saques de até 200 BTC em 24 horas e operações com moeda fiduciária de até 2.000 USDT cada.\n\n' +
        'A verificação avançada (Lv2) acrescenta fotos da frente e do verso do documento. Ela eleva os limites para 500 BTC em 24 horas e 1.000.000 USDT por operação com moeda fiduciária.\n\n' +
        'Vincule seu e-mail e seu número de telefone antes de começar.',
    },
    {
      title: 'Mantenha sua conta segura',
      summary: 'Alguns hábitos que protegem sua conta e seus fundos.',
      body:
        'Use uma senha de acesso que você não usa em nenhum outro lugar e defina uma senha de pagamento separada.\n\n' +
        'Vincule o e-mail e o número de telefone para sempre poder recuperar o acesso.\n\n' +
        'Nunca compartilhe um código de verificação. A equipe da Fairex nunca vai pedir sua senha, sua senha de pagamento ou seus códigos.\n\n' +
        'Saia da conta depois de usar um aparelho compartilhado.',
    },
    {
      title: 'Atendimento ao cliente a qualquer hora',
      summary: 'Fale conosco por chat online, WhatsApp ou Telegram, 24 horas por dia.',
      body:
        'Nossa equipe de suporte atende 24 horas por dia. Abra "Fale conosco" no seu perfil para iniciar um chat online ou falar conosco pelo WhatsApp ou Telegram.\n\n' +
        'Nesta demonstração, os links de WhatsApp e Telegram são apenas exemplos.',
    },
  ],
};
