import type { Locale } from '@fairex/contract';
import type { ContentPageSlug } from '../content.domain';
import type { PageText } from './seed-text.types';

/** About, Contact and Compliance in every locale: plain-text paragraphs, no markup. */
export const demoPageTexts: Record<Locale, Record<ContentPageSlug, PageText>> = {
  en: {
    aboutus: {
      title: 'About Fairex',
      body:
        'Fairex is a trading platform for digital assets. Spot and contract trading, investment products and account tools come together in one mobile app, in ten languages.\n\n' +
        'Fairex is built on three commitments: orders meet on a real order book, every balance change is recorded in a double-entry ledger, and every price tick is stored so that it can be checked.\n\n' +
        'This installation runs in demo mode. Prices are simulated and balances are test funds with no cash value.',
    },
    contactus: {
      title: 'Contact us',
      body:
        'Customer support is available 24 hours a day, 7 days a week.\n\n' +
        'WhatsApp and Telegram: use the links on this page.\n\n' +
        'In this demo the WhatsApp and Telegram links are placeholders and do not reach a real support team.\n\n' +
        'We will never ask for your password, payment password or verification codes.',
    },
    operational_compliance: {
      title: 'Operational compliance',
      body:
        'Licensing: each operator of a Fairex installation is responsible for holding the licences required wherever it offers its service.\n\n' +
        'Identity verification: users verify their identity at two levels. Withdrawal limits depend on the level: 200 BTC per 24 hours at Lv1 and 500 BTC per 24 hours at Lv2.\n\n' +
        'Records: every balance change is recorded in a double-entry ledger that cannot be edited afterwards, and every price used for trading or settlement is stored with its time.\n\n' +
        'Security: withdrawals, and changes to withdrawal addresses or bank cards, require the payment password.\n\n' +
        'Risk warning: digital asset prices are volatile. Contract and options trading can lose the whole amount committed. Only trade with money you can afford to lose.\n\n' +
        'Demo mode: this installation uses simulated prices and test funds. No real money is accepted or paid out.',
    },
  },
  zh: {
    aboutus: {
      title: '关于 Fairex',
      body:
        'Fairex 是一个数字资产交易平台。现货与合约交易、理财产品和账户工具都汇集在同一个移动应用中，并提供十种语言。\n\n' +
        'Fairex 建立在三项承诺之上：订单在真实的订单簿上撮合；每一笔余额变动都记入复式记账的账本；每一次价格跳动都会存档，供随时核查。\n\n' +
        '本站点运行在演示模式下。价格为模拟价格，余额均为没有现金价值的测试资金。',
    },
    contactus: {
      title: '联系我们',
      body:
        '客服全年无休，24 小时在线。\n\n' +
        'WhatsApp 和 Telegram：使用本页的链接。\n\n' +
        '本演示中的 WhatsApp 和 Telegram 链接仅为占位示例，不会连接到真实的客服团队。\n\n' +
        '我们绝不会索要您的登录密码、资金密码或验证码。',
    },
    operational_compliance: {
      title: '合规运营',
      body:
        '牌照：每个 Fairex 站点的运营方须自行取得其提供服务所在地要求的牌照。\n\n' +
        '实名认证：用户分两级完成身份认证。提现限额取决于认证等级：Lv1 为每 24 小时 200 BTC，Lv2 为每 24 小时 500 BTC。\n\n' +
        '记录：每一笔余额变动都记入复式记账的账本，事后不可修改；用于交易或结算的每一个价格都连同时间存档。\n\n' +
        '安全：提现以及更改提现地址或银行卡，均需输入资金密码。\n\n' +
        '风险提示：数字资产价格波动剧烈。合约和期权交易可能损失全部投入金额。请只用您能承受损失的资金进行交易。\n\n' +
        '演示模式：本站点使用模拟价格和测试资金，不接收也不支付任何真实资金。',
    },
  },
  hk: {
    aboutus: {
      title: '關於 Fairex',
      body:
        'Fairex 是一個數字資產交易平台。現貨與合約交易、理財產品和帳戶工具都匯集在同一個流動應用程式中，並提供十種語言。\n\n' +
        'Fairex 建基於三項承諾：訂單在真實的訂單簿上撮合；每一筆結餘變動都記入複式記帳的帳簿；每一次價格跳動都會存檔，供隨時核查。\n\n' +
        '此站點以示範模式運行。價格為模擬價格，結餘均為沒有現金價值的測試資金。',
    },
    contactus: {
      title: '聯絡我們',
      body:
        '客服全年無休，24 小時在線。\n\n' +
        'WhatsApp 及 Telegram：使用本頁的連結。\n\n' +
        '本示範中的 WhatsApp 及 Telegram 連結僅為示例，不會連接到真實的客服團隊。\n\n' +
        '我們絕不會索取您的登入密碼、資金密碼或驗證碼。',
    },
    operational_compliance: {
      title: '合規營運',
      body:
        '牌照：每個 Fairex 站點的營運方須自行取得其提供服務所在地所要求的牌照。\n\n' +
        '實名認證：用戶分兩級完成身份認證。提取限額視乎認證等級：Lv1 為每 24 小時 200 BTC，Lv2 為每 24 小時 500 BTC。\n\n' +
        '紀錄：每一筆結餘變動都記入複式記帳的帳簿，事後不可修改；用於交易或結算的每一個價格都連同時間存檔。\n\n' +
        '安全：提取資金以及更改提取地址或銀行卡，均須輸入資金密碼。\n\n' +
        '風險提示：數字資產價格波動劇烈。合約及期權交易可能損失全部投入金額。請只以您能承受損失的資金進行交易。\n\n' +
        '示範模式：此站點使用模擬價格及測試資金，不接收亦不支付任何真實資金。',
    },
  },
  th: {
    aboutus: {
      title: 'เกี่ยวกับ Fairex',
      body:
        'Fairex คือแพลตฟอร์มซื้อขายสินทรัพย์ดิจิทัล รวมการเทรดสปอตและสัญญา ผลิตภัณฑ์การลงทุน และเครื่องมือจัดการบัญชีไว้ในแอปมือถือเดียว รองรับสิบภาษา\n\n' +
        'Fairex สร้างขึ้นบนพันธสัญญาสามข้อ คือ คำสั่งซื้อขายจับคู่กันบนสมุดคำสั่งซื้อขายจริง ทุกการเปลี่ยนแปลงยอดเงินถูกบันทึกในบัญชีแยกประเภทแบบบัญชีคู่ และทุกการขยับของราคาถูกจัดเก็บไว้เพื่อให้ตรวจสอบได้\n\n' +
        'ระบบนี้ทำงานในโหมดเดโม ราคาเป็นราคาจำลอง และยอดเงินเป็นเงินทดสอบที่ไม่มีมูลค่าเป็นเงินสด',
    },
    contactus: {
      title: 'ติดต่อเรา',
      body:
        'ฝ่ายบริการลูกค้าพร้อมให้บริการตลอด 24 ชั่วโมง ทุกวัน\n\n' +
        'WhatsApp และ Telegram: ใช้ลิงก์ในหน้านี้\n\n' +
        'ในเดโมนี้ ลิงก์ WhatsApp และ Telegram เป็นเพียงตัวอย่าง และไม่ได้เชื่อมต่อกับทีมบริการลูกค้าจริง\n\n' +
        'เราจะไม่ขอรหัสผ่าน รหัสผ่านการชำระเงิน หรือรหัสยืนยันของคุณโดยเด็ดขาด',
    },
    operational_compliance: {
      title: 'การปฏิบัติตามกฎระเบียบ',
      body:
        'ใบอนุญาต: ผู้ให้บริการ Fairex แต่ละรายมีหน้าที่ถือใบอนุญาตที่จำเป็นในทุกพื้นที่ที่ตนให้บริการ\n\n' +
        'การยืนยันตัวตน: ผู้ใช้ยืนยันตัวตนได้สองระดับ วงเงินถอนขึ้นอยู่กับระดับ คือ 200 BTC ต่อ 24 ชั่วโมงสำหรับ Lv1 และ 500 BTC ต่อ 24 ชั่วโมงสำหรับ Lv2\n\n' +
        'บันทึก: ทุกการเปลี่ยนแปลงยอดเงินถูกบันทึกในบัญชีแยกประเภทแบบบัญชีคู่ที่แก้ไขย้อนหลังไม่ได้ และทุกราคาที่ใช้ในการซื้อขายหรือการชำระราคาถูกจัดเก็บพร้อมเวลา\n\n' +
        'ความปลอดภัย: การถอนเงิน และการเปลี่ยนที่อยู่สำหรับถอนหรือบัญชีธนาคาร ต้องใช้รหัสผ่านการชำระเงิน\n\n' +
        'คำเตือนความเสี่ยง: ราคาสินทรัพย์ดิจิทัลผันผวนสูง การเทรดสัญญาและออปชันอาจทำให้สูญเสียเงินที่ลงไปทั้งหมด โปรดเทรดด้วยเงินที่คุณรับการสูญเสียได้เท่านั้น\n\n' +
        'โหมดเดโม: ระบบนี้ใช้ราคาจำลองและเงินทดสอบ ไม่มีการรับหรือจ่ายเงินจริงใด ๆ',
    },
  },
  jp: {
    aboutus: {
      title: 'Fairex について',
      body:
        'Fairex はデジタル資産の取引プラットフォームです。現物取引と先物取引、資産運用商品、アカウント管理ツールを、10言語に対応したひとつのモバイルアプリにまとめています。\n\n' +
        'Fairex は3つの約束の上に成り立っています。注文は本物のオーダーブックで約定すること、残高の変動はすべて複式簿記の元帳に記録されること、そしてすべての価格ティックが検証できるよう保存されることです。\n\n' +
        'このサイトはデモモードで動作しています。価格はシミュレーションで、残高は現金価値のないテスト資金です。',
    },
    contactus: {
      title: 'お問い合わせ',
      body:
        'カスタマーサポートは年中無休、24時間対応しています。\n\n' +
        'WhatsApp と Telegram：このページのリンクをご利用ください。\n\n' +
        'このデモの WhatsApp と Telegram のリンクは仮のもので、実際のサポートチームにはつながりません。\n\n' +
        '当社がパスワード、資金パスワード、認証コードを尋ねることは決してありません。',
    },
    operational_compliance: {
      title: 'コンプライアンス',
      body:
        'ライセンス：Fairex の各運営者は、サービスを提供するすべての地域で必要なライセンスを取得する責任を負います。\n\n' +
        '本人確認：ユーザーの本人確認は2段階です。出金上限はレベルによって異なり、Lv1 は24時間あたり200 BTC、Lv2 は24時間あたり500 BTCです。\n\n' +
        '記録：残高の変動はすべて、後から編集できない複式簿記の元帳に記録されます。取引や決済に使われる価格はすべて、その時刻とともに保存されます。\n\n' +
        'セキュリティ：出金、および出金先アドレスや銀行口座の変更には資金パスワードが必要です。\n\n' +
        'リスクに関する注意：デジタル資産の価格は大きく変動します。先物取引やオプション取引では、投じた金額のすべてを失う可能性があります。失っても問題のない資金でのみ取引してください。\n\n' +
        'デモモード：このサイトはシミュレーション価格とテスト資金を使用しています。実際のお金の受け取りや支払いは一切行いません。',
    },
  },
  kor: {
    aboutus: {
      title: 'Fairex 소개',
      body:
        'Fairex는 디지털 자산 거래 플랫폼입니다. 현물·선물 거래, 투자 상품, 계정 관리 도구를 10개 언어를 지원하는 하나의 모바일 앱에 담았습니다.\n\n' +
        'Fairex는 세 가지 약속 위에 만들어졌습니다. 주문은 실제 오더북에서 체결되고, 모든 잔고 변동은 복식부기 원장에 기록되며, 모든 가격 틱은 검증할 수 있도록 저장됩니다.\n\n' +
        '이 사이트는 데모 모드로 운영됩니다. 가격은 시뮬레이션이며 잔고는 현금 가치가 없는 테스트 자금입니다.',
    },
    contactus: {
      title: '문의하기',
      body:
        '고객 지원은 연중무휴 24시간 운영됩니다.\n\n' +
        'WhatsApp과 Telegram: 이 페이지의 링크를 이용하세요.\n\n' +
        '이 데모의 WhatsApp과 Telegram 링크는 예시용이며 실제 지원팀과 연결되지 않습니다.\n\n' +
        '저희는 비밀번호, 결제 비밀번호, 인증 코드를 절대 묻지 않습니다.',
    },
    operational_compliance: {
      title: '운영 컴플라이언스',
      body:
        '라이선스: Fairex의 각 운영사는 서비스를 제공하는 모든 지역에서 필요한 라이선스를 보유할 책임이 있습니다.\n\n' +
        '본인 인증: 사용자는 두 단계로 본인 인증을 합니다. 출금 한도는 단계에 따라 다르며, Lv1은 24시간당 200 BTC, Lv2는 24시간당 500 BTC입니다.\n\n' +
        '기록: 모든 잔고 변동은 사후에 수정할 수 없는 복식부기 원장에 기록되며, 거래나 정산에 사용된 모든 가격은 시각과 함께 저장됩니다.\n\n' +
        '보안: 출금과 출금 주소 또는 은행 카드 변경에는 결제 비밀번호가 필요합니다.\n\n' +
        '위험 고지: 디지털 자산 가격은 변동성이 큽니다. 선물 및 옵션 거래에서는 투입한 금액 전부를 잃을 수 있습니다. 잃어도 감당할 수 있는 자금으로만 거래하세요.\n\n' +
        '데모 모드: 이 사이트는 시뮬레이션 가격과 테스트 자금을 사용합니다. 실제 돈을 받거나 지급하지 않습니다.',
    },
  },
  fra: {
    aboutus: {
      title: 'À propos de Fairex',
      body:
        "Fairex est une plateforme de négociation d'actifs numériques. Trading au comptant et sur contrats, produits d'investissement et outils de gestion de compte y sont réunis dans une seule application mobile, en dix langues.\n\n" +
        "Fairex repose sur trois engagements\u00a0: les ordres se rencontrent dans un vrai carnet d'ordres, chaque mouvement de solde est inscrit dans un grand livre en partie double, et chaque variation de prix est conservée pour pouvoir être vérifiée.\n\n" +
        'Cette installation fonctionne en mode démo. Les prix sont simulés et les soldes sont des fonds de test sans valeur monétaire.',
    },
    contactus: {
      title: 'Nous contacter',
      body:
        'Le service client est disponible 24 heures sur 24, 7 jours sur 7.\n\n' +
        'WhatsApp et Telegram\u00a0: utilisez les liens de cette page.\n\n' +
        "Dans cette démo, les liens WhatsApp et Telegram sont des exemples et ne mènent à aucune véritable équipe d'assistance.\n\n" +
        'Nous ne vous demanderons jamais votre mot de passe, votre mot de passe de paiement ni vos codes de vérification.',
    },
    operational_compliance: {
      title: 'Conformité opérationnelle',
      body:
        "Licences\u00a0: chaque opérateur d'une installation Fairex est responsable de détenir les licences exigées partout où il propose son service.\n\n" +
        "Vérification d'identité\u00a0: les utilisateurs vérifient leur identité à deux niveaux. Les plafonds de retrait dépendent du niveau\u00a0: 200 BTC par 24 heures au niveau Lv1 et 500 BTC par 24 heures au niveau Lv2.\n\n" +
        'Registres\u00a0: chaque mouvement de solde est inscrit dans un grand livre en partie double qui ne peut plus être modifié ensuite, et chaque prix utilisé pour une négociation ou un règlement est conservé avec son horodatage.\n\n' +
        "Sécurité\u00a0: les retraits, ainsi que toute modification d'une adresse de retrait ou d'une carte bancaire, exigent le mot de passe de paiement.\n\n" +
        "Avertissement sur les risques\u00a0: le prix des actifs numériques est volatil. Le trading de contrats et d'options peut faire perdre la totalité de la somme engagée. N'investissez que ce que vous pouvez vous permettre de perdre.\n\n" +
        "Mode démo\u00a0: cette installation utilise des prix simulés et des fonds de test. Aucun argent réel n'est accepté ni versé.",
    },
  },
  spa: {
    aboutus: {
      title: 'Acerca de Fairex',
      body:
        'Fairex es una plataforma de negociación de activos digitales. Reúne el trading al contado y de contratos, productos de inversión y herramientas de cuenta en una sola aplicación móvil, en diez idiomas.\n\n' +
        'Fairex se basa en tres compromisos: las órdenes se cruzan en un libro de órdenes real, cada cambio de saldo se registra en un libro mayor de partida doble y cada tick de precio se guarda para que pueda verificarse.\n\n' +
        'Esta instalación funciona en modo demo. Los precios son simulados y los saldos son fondos de prueba sin valor monetario.',
    },
    contactus: {
      title: 'Contáctanos',
      body:
        'La atención al cliente está disponible las 24 horas, los 7 días de la semana.\n\n' +
        'WhatsApp y Telegram: usa los enlaces de esta página.\n\n' +
        'En esta demo, los enlaces de WhatsApp y Telegram son de ejemplo y no llevan a ningún equipo de soporte real.\n\n' +
        'Nunca te pediremos tu contraseña, tu contraseña de pago ni tus códigos de verificación.',
    },
    operational_compliance: {
      title: 'Cumplimiento operativo',
      body:
        'Licencias: cada operador de una instalación de Fairex es responsable de contar con las licencias exigidas allí donde ofrezca su servicio.\n\n' +
        'Verificación de identidad: los usuarios verifican su identidad en dos niveles. Los límites de retiro dependen del nivel: 200 BTC cada 24 horas en Lv1 y 500 BTC cada 24 horas en Lv2.\n\n' +
        'Registros: cada cambio de saldo se anota en un libro mayor de partida doble que no se puede modificar después, y cada precio usado para negociar o liquidar se guarda con su hora.\n\n' +
        'Seguridad: los retiros, y los cambios de direcciones de retiro o tarjetas bancarias, requieren la contraseña de pago.\n\n' +
        'Advertencia de riesgo: los precios de los activos digitales son volátiles. El trading de contratos y opciones puede hacer perder todo el importe comprometido. Opera solo con dinero que puedas permitirte perder.\n\n' +
        'Modo demo: esta instalación usa precios simulados y fondos de prueba. No se acepta ni se paga dinero real.',
    },
  },
  vi: {
    aboutus: {
      title: 'Giới thiệu về Fairex',
      body:
        'Fairex là nền tảng giao dịch tài sản số. Giao dịch giao ngay và hợp đồng, sản phẩm đầu tư và công cụ quản lý tài khoản được gói gọn trong một ứng dụng di động, hỗ trợ mười ngôn ngữ.\n\n' +
        'Fairex được xây dựng trên ba cam kết: lệnh được khớp trên một sổ lệnh thật, mọi thay đổi số dư đều được ghi vào sổ cái kế toán kép, và mọi biến động giá đều được lưu lại để có thể kiểm chứng.\n\n' +
        'Hệ thống này đang chạy ở chế độ demo. Giá là giá mô phỏng và số dư là tiền thử nghiệm không có giá trị tiền mặt.',
    },
    contactus: {
      title: 'Liên hệ',
      body:
        'Bộ phận chăm sóc khách hàng làm việc 24 giờ mỗi ngày, 7 ngày mỗi tuần.\n\n' +
        'WhatsApp và Telegram: dùng các liên kết trên trang này.\n\n' +
        'Trong bản demo này, các liên kết WhatsApp và Telegram chỉ là ví dụ và không dẫn tới đội ngũ hỗ trợ thật.\n\n' +
        'Chúng tôi sẽ không bao giờ hỏi mật khẩu, mật khẩu thanh toán hay mã xác minh của bạn.',
    },
    operational_compliance: {
      title: 'Tuân thủ vận hành',
      body:
        'Giấy phép: mỗi nhà vận hành một hệ thống Fairex chịu trách nhiệm có đủ các giấy phép cần thiết ở mọi nơi họ cung cấp dịch vụ.\n\n' +
        'Xác minh danh tính: người dùng xác minh danh tính theo hai cấp. Hạn mức rút tiền tùy theo cấp: 200 BTC mỗi 24 giờ ở cấp Lv1 và 500 BTC mỗi 24 giờ ở cấp Lv2.\n\n' +
        'Hồ sơ: mọi thay đổi số dư đều được ghi vào sổ cái kế toán kép không thể chỉnh sửa về sau, và mọi mức giá dùng để giao dịch hoặc thanh toán đều được lưu cùng thời điểm của nó.\n\n' +
        'Bảo mật: việc rút tiền, cũng như thay đổi địa chỉ rút tiền hoặc thẻ ngân hàng, đều cần mật khẩu thanh toán.\n\n' +
        'Cảnh báo rủi ro: giá tài sản số biến động mạnh. Giao dịch hợp đồng và quyền chọn có thể khiến bạn mất toàn bộ số tiền đã bỏ ra. Chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.\n\n' +
        'Chế độ demo: hệ thống này dùng giá mô phỏng và tiền thử nghiệm. Không nhận cũng không chi trả bất kỳ khoản tiền thật nào.',
    },
  },
  pt: {
    aboutus: {
      title: 'Sobre a Fairex',
      body:
        'A Fairex é uma plataforma de negociação de ativos digitais. Negociação à vista e de contratos, produtos de investimento e ferramentas de conta estão reunidos em um único aplicativo móvel, em dez idiomas.\n\n' +
        'A Fairex se apoia em três compromissos: as ordens se encontram em um livro de ofertas real, cada alteração de saldo é registrada em um livro-razão de partidas dobradas e cada tick de preço é armazenado para que possa ser verificado.\n\n' +
        'Esta instalação funciona em modo de demonstração. Os preços são simulados e os saldos são fundos de teste sem valor monetário.',
    },
    contactus: {
      title: 'Fale conosco',
      body:
        'O atendimento ao cliente funciona 24 horas por dia, 7 dias por semana.\n\n' +
        'WhatsApp e Telegram: use os links desta página.\n\n' +
        'Nesta demonstração, os links de WhatsApp e Telegram são apenas exemplos e não levam a uma equipe de suporte real.\n\n' +
        'Nunca pediremos sua senha, sua senha de pagamento ou seus códigos de verificação.',
    },
    operational_compliance: {
      title: 'Conformidade operacional',
      body:
        'Licenças: cada operador de uma instalação da Fairex é responsável por ter as licenças exigidas em todos os lugares onde oferece o serviço.\n\n' +
        'Verificação de identidade: os usuários verificam a identidade em dois níveis. Os limites de saque dependem do nível: 200 BTC a cada 24 horas no Lv1 e 500 BTC a cada 24 horas no Lv2.\n\n' +
        'Registros: cada alteração de saldo é lançada em um livro-razão de partidas dobradas que não pode ser editado depois, e cada preço usado em negociações ou liquidações é armazenado com o seu horário.\n\n' +
        'Segurança: saques, e alterações de endereços de saque ou cartões bancários, exigem a senha de pagamento.\n\n' +
        'Aviso de risco: os preços de ativos digitais são voláteis. A negociação de contratos e opções pode causar a perda de todo o valor aplicado. Só negocie com dinheiro que você pode perder.\n\n' +
        'Modo de demonstração: esta instalação usa preços simulados e fundos de teste. Nenhum dinheiro real é aceito ou pago.',
    },
  },
};
