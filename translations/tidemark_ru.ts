<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ChartAxis</name>
    <message>
        <source>k</source>
        <comment>thousand</comment>
        <translation>тыс.</translation>
    </message>
    <message>
        <source>M</source>
        <comment>million</comment>
        <translation>млн</translation>
    </message>
    <message>
        <source>bn</source>
        <comment>billion</comment>
        <translation>млрд</translation>
    </message>
    <message>
        <source>tn</source>
        <comment>trillion</comment>
        <translation>трлн</translation>
    </message>
</context>
<context>
    <name>ConnectDialog</name>
    <message>
        <source>Connect</source>
        <translation>Подключение</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>&amp;Профиль:</translation>
    </message>
    <message>
        <source>Choose a saved profile or type a new name to save these settings under</source>
        <translation>Выберите сохранённый профиль или введите новое имя, чтобы сохранить под ним эти настройки</translation>
    </message>
    <message>
        <source>&amp;Save profile</source>
        <translation>&amp;Сохранить профиль</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>Наборы данных</translation>
    </message>
    <message>
        <source>P&amp;ositions (PostgreSQL):</source>
        <translation>По&amp;зиции (PostgreSQL):</translation>
    </message>
    <message>
        <source>host=db.example port=5432 dbname=positions user=ops  or  service=positions</source>
        <translation>host=db.example port=5432 dbname=positions user=ops  или  service=positions</translation>
    </message>
    <message>
        <source>&amp;Kudos (PostgreSQL):</source>
        <translation>&amp;Kudos (PostgreSQL):</translation>
    </message>
    <message>
        <source>postgresql://ops@db.example/kudos  or  service=kudos</source>
        <translation>postgresql://ops@db.example/kudos  или  service=kudos</translation>
    </message>
    <message>
        <source>&amp;Tracks (SQLite file):</source>
        <translation>&amp;Треки (файл SQLite):</translation>
    </message>
    <message>
        <source>/path/to/gps_tracks.sqlite</source>
        <translation>/путь/к/gps_tracks.sqlite</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Обзор…</translation>
    </message>
    <message>
        <source>&amp;Archive URL:</source>
        <translation>URL &amp;архива:</translation>
    </message>
    <message>
        <source>file:///srv/archive  or  s3://bucket/prefix</source>
        <translation>file:///srv/archive  или  s3://bucket/prefix</translation>
    </message>
    <message>
        <source>Passwords are never saved. libpq takes them from ~/.pgpass, PGPASSWORD or a service file (~/.pg_service.conf).</source>
        <translation>Пароли никогда не сохраняются: libpq берёт их из ~/.pgpass, PGPASSWORD или файла служб (~/.pg_service.conf).</translation>
    </message>
    <message>
        <source>A password in a connection string is used for this session only and removed when the profile is saved.</source>
        <translation>Пароль из строки подключения используется только в этом сеансе и удаляется при сохранении профиля.</translation>
    </message>
    <message>
        <source>Tracks (Post&amp;GIS):</source>
        <translation>Треки (Post&amp;GIS):</translation>
    </message>
    <message>
        <source>service=tracks  (instead of a file)</source>
        <translation>service=tracks  (вместо файла)</translation>
    </message>
    <message>
        <source>The tracks are a file or a PostGIS database: clear one of the two.</source>
        <translation>Треки — это файл или база PostGIS: очистите одно из двух полей.</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>%1 B</source>
        <translation>%1 Б</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 КиБ</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 МиБ</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 ГиБ</translation>
    </message>
    <message>
        <source>%1 TiB</source>
        <translation>%1 ТиБ</translation>
    </message>
    <message>
        <source>%1 PiB</source>
        <translation>%1 ПиБ</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 мин %2 с</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 ч</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 д</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 ч</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>today %1</source>
        <translation>сегодня %1</translation>
    </message>
    <message>
        <source>tomorrow %1</source>
        <translation>завтра %1</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>только что</translation>
    </message>
    <message numerus="yes">
        <source>%Ln min ago</source>
        <translation>
            <numerusform>%Ln минуту назад</numerusform>
            <numerusform>%Ln минуты назад</numerusform>
            <numerusform>%Ln минут назад</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln h ago</source>
        <translation>
            <numerusform>%Ln час назад</numerusform>
            <numerusform>%Ln часа назад</numerusform>
            <numerusform>%Ln часов назад</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln day(s) ago</source>
        <translation>
            <numerusform>%Ln день назад</numerusform>
            <numerusform>%Ln дня назад</numerusform>
            <numerusform>%Ln дней назад</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/с</translation>
    </message>
</context>
<context>
    <name>HomeFigure</name>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>Slices pending (no recorded pace to project them)</source>
        <translation>Срезы в очереди (темпа раундов ещё нет, прогноз невозможен)</translation>
    </message>
    <message>
        <source>Slices pending after each night at the recorded pace</source>
        <translation>Срезы в очереди после каждой ночи при записанном темпе</translation>
    </message>
    <message>
        <source>night %1</source>
        <translation>ночь %1</translation>
    </message>
    <message>
        <source>Archive tiers against their budgets</source>
        <translation>Уровни архива относительно их бюджетов</translation>
    </message>
    <message>
        <source>%1, no budget set</source>
        <translation>%1, бюджет не задан</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>The store against the %1 mark</source>
        <translation>Хранилище относительно отметки %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>after retention</source>
        <translation>после хранения</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 slice(s)</source>
        <translation>
            <numerusform>%1 срез</numerusform>
            <numerusform>%1 среза</numerusform>
            <numerusform>%1 срезов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KudosForecastJob</name>
    <message>
        <source>counting the rollup keys of %1</source>
        <translation>подсчёт ключей свёртки %1</translation>
    </message>
    <message>
        <source>reading the manifests of the %1 tier</source>
        <translation>чтение манифестов уровня %1</translation>
    </message>
    <message>
        <source>counting the ranges</source>
        <translation>подсчёт диапазонов</translation>
    </message>
    <message>
        <source>forecasting</source>
        <translation>прогнозирование</translation>
    </message>
</context>
<context>
    <name>KudosReconcileJob</name>
    <message>
        <source>rebuilding the checkpoints</source>
        <translation>перестроение контрольных точек</translation>
    </message>
    <message>
        <source>taking a balance snapshot</source>
        <translation>снимок балансов</translation>
    </message>
    <message>
        <source>comparing the balances</source>
        <translation>сравнение балансов</translation>
    </message>
    <message>
        <source>writing the repairs</source>
        <translation>запись исправлений</translation>
    </message>
</context>
<context>
    <name>KudosRoundJob</name>
    <message>
        <source>one action</source>
        <translation>одно действие</translation>
    </message>
    <message>
        <source>nothing to do</source>
        <translation>делать нечего</translation>
    </message>
</context>
<context>
    <name>KudosStatusLoader</name>
    <message>
        <source>counting the ranges</source>
        <translation>подсчёт диапазонов</translation>
    </message>
    <message>
        <source>incidents</source>
        <translation>инциденты</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>архив</translation>
    </message>
    <message>
        <source>counting the tables</source>
        <translation>подсчёт таблиц</translation>
    </message>
    <message>
        <source>no archive is configured (TIDEMARK_ARCHIVE_URL or --archive)</source>
        <translation>архив не настроен (TIDEMARK_ARCHIVE_URL или --archive)</translation>
    </message>
</context>
<context>
    <name>PreviewJob</name>
    <message>
        <source>connecting</source>
        <translation>подключение</translation>
    </message>
    <message>
        <source>loading the range</source>
        <translation>загрузка диапазона</translation>
    </message>
    <message>
        <source>running keep_set slice by slice</source>
        <translation>выполнение keep_set срез за срезом</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
</context>
<context>
    <name>PreviewResult</name>
    <message>
        <source>removed: no rule keeps it (same time bin, no gap, blades, rtk change, turn or error)</source>
        <translation>удалена: её не оставляет ни одно правило (тот же временной интервал, нет разрыва, переключения ножей, смены RTK, разворота или ошибки)</translation>
    </message>
    <message>
        <source>kept by %1</source>
        <translation>оставлена по правилам: %1</translation>
    </message>
    <message>
        <source>kept: inside the detail window (after the cutoff %1)</source>
        <translation>оставлена: внутри окна детализации (после границы %1)</translation>
    </message>
    <message>
        <source>kept: already thinned by an earlier round (before the watermark %1)</source>
        <translation>оставлена: уже прорежена предыдущим раундом (до отметки %1)</translation>
    </message>
</context>
<context>
    <name>RangeVerification</name>
    <message>
        <source>Verified: the %1 rows left equal the preview&apos;s survivors, row for row.</source>
        <translation>Проверено: оставшиеся строки (%1) построчно совпадают с теми, что оставил предпросмотр.</translation>
    </message>
    <message>
        <source>Differs from the preview: %1 rows expected, %2 in the table; %3 missing, %4 not thinned as previewed, %5 changed.</source>
        <translation>Расходится с предпросмотром: ожидалось строк: %1, в таблице: %2; недостаёт: %3, не прорежено по предпросмотру: %4, изменено: %5.</translation>
    </message>
</context>
<context>
    <name>TaskProgress</name>
    <message>
        <source>%1 rows</source>
        <translation>строк: %1</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>осталось %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>--lang: no translation for &quot;%1&quot; (available: %2)</source>
        <translation>--lang: нет перевода на «%1» (доступны: %2)</translation>
    </message>
    <message>
        <source>Tidemark operations console for data retention.</source>
        <translation>Tidemark — операционная консоль для управления сроками хранения данных.</translation>
    </message>
    <message>
        <source>Open the embedded demo workspace (created on first use).</source>
        <translation>Открыть встроенное демо-пространство (создаётся при первом запуске).</translation>
    </message>
    <message>
        <source>Folder of the demo workspace.</source>
        <translation>Папка демо-пространства.</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>ПАПКА</translation>
    </message>
    <message>
        <source>Save the window as a PNG once the panels have loaded, then exit.</source>
        <translation>Сохранить окно в PNG, когда панели загрузятся, и выйти.</translation>
    </message>
    <message>
        <source>FILE.png</source>
        <translation>ФАЙЛ.png</translation>
    </message>
    <message>
        <source>Seconds --screenshot waits for loading (default 600).</source>
        <translation>Сколько секунд --screenshot ждёт загрузки (по умолчанию 600).</translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation>СЕКУНДЫ</translation>
    </message>
    <message>
        <source>Language of the console (en, ru); default: the system&apos;s.</source>
        <translation>Язык консоли (en, ru); по умолчанию — язык системы.</translation>
    </message>
    <message>
        <source>LANG</source>
        <translation>ЯЗЫК</translation>
    </message>
    <message>
        <source>Positions database: libpq connection string or service=NAME.</source>
        <translation>База позиций: строка подключения libpq или service=ИМЯ.</translation>
    </message>
    <message>
        <source>CONNINFO</source>
        <translation>ПОДКЛЮЧЕНИЕ</translation>
    </message>
    <message>
        <source>Kudos database: libpq connection string or service=NAME.</source>
        <translation>База Kudos: строка подключения libpq или service=ИМЯ.</translation>
    </message>
    <message>
        <source>Tracks database (gps_tracks.sqlite).</source>
        <translation>База треков (gps_tracks.sqlite).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ФАЙЛ</translation>
    </message>
    <message>
        <source>Archive URL (default: TIDEMARK_ARCHIVE_URL).</source>
        <translation>URL архива (по умолчанию TIDEMARK_ARCHIVE_URL).</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>unexpected argument: %1</source>
        <translation>лишний аргумент: %1</translation>
    </message>
    <message>
        <source>--timeout: expected a positive number of seconds, got &quot;%1&quot;</source>
        <translation>--timeout: ожидалось положительное число секунд, получено «%1»</translation>
    </message>
    <message>
        <source>Base map: an XYZ URL template with {z}, {x}, {y}, or an MBTiles file (default: TIDEMARK_TILES_URL, else the last choice, else a neutral grid; an API key in the template&apos;s query is never saved).</source>
        <translation>Подложка карты: шаблон URL тайлов XYZ с {z}, {x}, {y} или файл MBTiles (по умолчанию — TIDEMARK_TILES_URL, иначе последний выбор, иначе нейтральная сетка; ключ API в параметрах запроса шаблона не сохраняется).</translation>
    </message>
    <message>
        <source>URL|FILE</source>
        <translation>URL|ФАЙЛ</translation>
    </message>
    <message>
        <source>Override a setting for this session (repeatable); over the environment and the [settings] of the configuration file.</source>
        <translation>Переопределить настройку на этот сеанс (можно несколько раз); поверх окружения и раздела [settings] файла конфигурации.</translation>
    </message>
    <message>
        <source>NAME=VALUE</source>
        <translation>ИМЯ=ЗНАЧЕНИЕ</translation>
    </message>
    <message>
        <source>--set: expected NAME=VALUE, got &quot;%1&quot;</source>
        <translation>--set: ожидалось ИМЯ=ЗНАЧЕНИЕ, получено «%1»</translation>
    </message>
    <message>
        <source>Tracks in PostGIS instead of a file: libpq connection string or service=NAME.</source>
        <translation>Треки в PostGIS вместо файла: строка подключения libpq или service=ИМЯ.</translation>
    </message>
    <message>
        <source>--sqlite and --tracks-db name two tracks stores: give one of them</source>
        <translation>--sqlite и --tracks-db указывают два хранилища треков: укажите одно</translation>
    </message>
    <message>
        <source>--demo cannot be combined with --db-positions, --db-kudos, --sqlite or --tracks-db</source>
        <translation>--demo нельзя сочетать с --db-positions, --db-kudos, --sqlite или --tracks-db</translation>
    </message>
</context>
<context>
    <name>tidemark::HomePlan</name>
    <message>
        <source>Retention plan (quick estimate)</source>
        <translation>План хранения (быстрая оценка)</translation>
    </message>
    <message>
        <source>Retention plan</source>
        <translation>План хранения</translation>
    </message>
    <message>
        <source>nothing needs you</source>
        <translation>ваше участие не требуется</translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) need you</source>
        <translation>
            <numerusform>%Ln пункт требует вашего участия</numerusform>
            <numerusform>%Ln пункта требуют вашего участия</numerusform>
            <numerusform>%Ln пунктов требуют вашего участия</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the plan %1</source>
        <translation>Открыть план %1</translation>
    </message>
    <message>
        <source>Apply the plan %1</source>
        <translation>Применить план %1</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>код выхода %1</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>отклонён</translation>
    </message>
</context>
<context>
    <name>tidemark::TaskListModel</name>
    <message>
        <source>Running</source>
        <translation>Выполняется</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Приостановлена</translation>
    </message>
    <message>
        <source>Cancelling</source>
        <translation>Отменяется</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Готово</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Отменена</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Задача</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Прогресс</translation>
    </message>
    <message>
        <source>Progress or result</source>
        <translation>Прогресс или результат</translation>
    </message>
</context>
<context>
    <name>tidemark::TaskManager</name>
    <message>
        <source>Cancelled</source>
        <translation>Отменена</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
</context>
<context>
    <name>tidemark::WorkspaceSession</name>
    <message>
        <source>Positions</source>
        <translation>Позиции</translation>
    </message>
    <message>
        <source>Kudos</source>
        <translation>Kudos</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Треки</translation>
    </message>
    <message>
        <source>, oldest row %1</source>
        <translation>, первая строка — %1</translation>
    </message>
    <message>
        <source> within %1</source>
        <translation> в границах %1</translation>
    </message>
    <message>
        <source>Open demo workspace in %1</source>
        <translation>Открытие демо-пространства в %1</translation>
    </message>
    <message>
        <source>Demo workspace running (%1)</source>
        <translation>Демо-пространство работает (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 строка</numerusform>
            <numerusform>%1 строки</numerusform>
            <numerusform>%1 строк</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s)</source>
        <translation>
            <numerusform>%Ln косилка</numerusform>
            <numerusform>%Ln косилки</numerusform>
            <numerusform>%Ln косилок</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln table(s)</source>
        <translation>
            <numerusform>%Ln таблица</numerusform>
            <numerusform>%Ln таблицы</numerusform>
            <numerusform>%Ln таблиц</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s)</source>
        <translation>
            <numerusform>%Ln трек</numerusform>
            <numerusform>%Ln трека</numerusform>
            <numerusform>%Ln треков</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, on a Citus cluster of %Ln node(s)</source>
        <translation>
            <numerusform>, в кластере Citus из %Ln узла</numerusform>
            <numerusform>, в кластере Citus из %Ln узлов</numerusform>
            <numerusform>, в кластере Citus из %Ln узлов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::app::ScreenshotSaver</name>
    <message>
        <source>screenshot: cannot write %1</source>
        <translation>снимок окна: не удаётся записать %1</translation>
    </message>
    <message>
        <source>screenshot saved to %1, but loading failed: %2</source>
        <translation>снимок окна сохранён в %1, но загрузка не удалась: %2</translation>
    </message>
    <message>
        <source>demo workspace</source>
        <translation>демо-пространство</translation>
    </message>
    <message>
        <source>screenshot: the panels did not finish loading within %1</source>
        <translation>снимок окна: панели не загрузились за %1</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::CoveringObjectModel</name>
    <message>
        <source>object missing</source>
        <translation>объекта нет</translation>
    </message>
    <message>
        <source>online</source>
        <translation>в базе</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>удалён</translation>
    </message>
    <message>
        <source>no manifest</source>
        <translation>нет манифеста</translation>
    </message>
    <message>
        <source>manifest unreadable</source>
        <translation>манифест не читается</translation>
    </message>
    <message>
        <source>not verified</source>
        <translation>не проверен</translation>
    </message>
    <message>
        <source>verifying…</source>
        <translation>проверка…</translation>
    </message>
    <message>
        <source>verified, online too</source>
        <translation>проверен, и с базой</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>проверен</translation>
    </message>
    <message numerus="yes">
        <source>FAILED: %Ln problem(s)</source>
        <translation>
            <numerusform>НЕ ПРОЙДЕНА: %Ln проблема</numerusform>
            <numerusform>НЕ ПРОЙДЕНА: %Ln проблемы</numerusform>
            <numerusform>НЕ ПРОЙДЕНА: %Ln проблем</numerusform>
        </translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Объект</translation>
    </message>
    <message>
        <source>Days (UTC)</source>
        <translation>Дни (UTC)</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>User&apos;s rows</source>
        <translation>Строк пользователя</translation>
    </message>
    <message>
        <source>User&apos;s balance</source>
        <translation>Баланс пользователя</translation>
    </message>
    <message>
        <source>User&apos;s escrow</source>
        <translation>Эскроу пользователя</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Партиция</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>Восстановлен</translation>
    </message>
    <message>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <source>passed %1</source>
        <translation>пройдена %1</translation>
    </message>
    <message>
        <source>failed %1</source>
        <translation>провалена %1</translation>
    </message>
    <message>
        <source>Never drilled: a drill restores the object into a scratch file and compares its sums with the daily statements.</source>
        <translation>Учения не проводились: учения восстанавливают объект во временный файл и сверяют его суммы с дневными выписками.</translation>
    </message>
    <message numerus="yes">
        <source>Drilled %1: %Ln row(s) restored and their sums agreed with the daily statements.</source>
        <translation>
            <numerusform>Учения %1: восстановлена %Ln строка, её суммы совпали с дневными выписками.</numerusform>
            <numerusform>Учения %1: восстановлены %Ln строки, их суммы совпали с дневными выписками.</numerusform>
            <numerusform>Учения %1: восстановлено %Ln строк, их суммы совпали с дневными выписками.</numerusform>
        </translation>
    </message>
    <message>
        <source>Last drill</source>
        <translation>Последние учения</translation>
    </message>
    <message>
        <source>checked %1</source>
        <translation>проверен %1</translation>
    </message>
    <message>
        <source>checked %1 by a restore</source>
        <translation>проверен %1 при восстановлении</translation>
    </message>
    <message>
        <source>checked %1 by a drill</source>
        <translation>проверен %1 на учениях</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::DisputeCase</name>
    <message>
        <source>Connect to the kudos database first.</source>
        <translation>Сначала подключитесь к базе kudos.</translation>
    </message>
    <message>
        <source>Investigate user %1&apos;s kudos on %2</source>
        <translation>Разбор kudos пользователя %1 на %2</translation>
    </message>
    <message>
        <source>Verify archive object %1</source>
        <translation>Проверка объекта архива %1</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>проверен</translation>
    </message>
    <message numerus="yes">
        <source>%Ln problem(s)</source>
        <translation>
            <numerusform>%Ln проблема</numerusform>
            <numerusform>%Ln проблемы</numerusform>
            <numerusform>%Ln проблем</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restore %Ln archive object(s) into %1</source>
        <translation>
            <numerusform>Восстановление %Ln объекта архива в %1</numerusform>
            <numerusform>Восстановление %Ln объектов архива в %1</numerusform>
            <numerusform>Восстановление %Ln объектов архива в %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) restored</source>
        <translation>
            <numerusform>восстановлена %Ln строка</numerusform>
            <numerusform>восстановлены %Ln строки</numerusform>
            <numerusform>восстановлено %Ln строк</numerusform>
        </translation>
    </message>
    <message>
        <source>Read user %1&apos;s kudos rows</source>
        <translation>Чтение строк kudos пользователя %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln строка</numerusform>
            <numerusform>%Ln строки</numerusform>
            <numerusform>%Ln строк</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln statement line(s)</source>
        <translation>
            <numerusform>%Ln строка выписки</numerusform>
            <numerusform>%Ln строки выписки</numerusform>
            <numerusform>%Ln строк выписки</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln archive object(s)</source>
        <translation>
            <numerusform>, %Ln объект архива</numerusform>
            <numerusform>, %Ln объекта архива</numerusform>
            <numerusform>, %Ln объектов архива</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message numerus="yes">
        <source>Restore cancelled: %Ln object(s) restored before it (%1 row(s)); the object in progress left the restore file as it was.</source>
        <translation>
            <numerusform>Восстановление отменено: до отмены восстановлен %Ln объект (строк: %1); файл восстановления не изменён объектом, который восстанавливался.</numerusform>
            <numerusform>Восстановление отменено: до отмены восстановлено %Ln объекта (строк: %1); файл восстановления не изменён объектом, который восстанавливался.</numerusform>
            <numerusform>Восстановление отменено: до отмены восстановлено %Ln объектов (строк: %1); файл восстановления не изменён объектом, который восстанавливался.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drill a sample of %Ln archive object(s) of %1</source>
        <translation>
            <numerusform>Учения на выборке из %Ln архивного объекта %1</numerusform>
            <numerusform>Учения на выборке из %Ln архивных объектов %1</numerusform>
            <numerusform>Учения на выборке из %Ln архивных объектов %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drill %Ln archive object(s) of %1</source>
        <translation>
            <numerusform>Учения: %Ln архивный объект %1</numerusform>
            <numerusform>Учения: %Ln архивных объекта %1</numerusform>
            <numerusform>Учения: %Ln архивных объектов %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) failed</source>
        <translation>
            <numerusform>%Ln объект провален</numerusform>
            <numerusform>%Ln объекта провалены</numerusform>
            <numerusform>%Ln объектов провалены</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln passed</source>
        <translation>
            <numerusform>%Ln пройден</numerusform>
            <numerusform>%Ln пройдены</numerusform>
            <numerusform>%Ln пройдены</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drill cancelled at %1: %Ln object(s) drilled before it</source>
        <translation>
            <numerusform>Учения отменены на %1: до этого проверен %Ln объект</numerusform>
            <numerusform>Учения отменены на %1: до этого проверены %Ln объекта</numerusform>
            <numerusform>Учения отменены на %1: до этого проверено %Ln объектов</numerusform>
        </translation>
    </message>
    <message>
        <source>the start</source>
        <translation>начале</translation>
    </message>
    <message>
        <source>Nothing to drill: the catalog records no archive object</source>
        <translation>Учения не нужны: каталог не знает ни одного архивного объекта</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) drilled</source>
        <translation>
            <numerusform>Проверен %Ln объект</numerusform>
            <numerusform>Проверены %Ln объекта</numerusform>
            <numerusform>Проверено %Ln объектов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>: all passed (%Ln row(s) restored and compared)</source>
        <translation>
            <numerusform>: все пройдены (%Ln строка восстановлена и сверена)</numerusform>
            <numerusform>: все пройдены (%Ln строки восстановлены и сверены)</numerusform>
            <numerusform>: все пройдены (%Ln строк восстановлено и сверено)</numerusform>
        </translation>
    </message>
    <message>
        <source>: %1 passed, %2 FAILED</source>
        <translation>: %1 пройдено, %2 ПРОВАЛЕНО</translation>
    </message>
    <message>
        <source>Read the restore drills of %1</source>
        <translation>Прочитать учения восстановления %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln object(s) proven</source>
        <translation>
            <numerusform>%1 из %Ln объекта подтверждено</numerusform>
            <numerusform>%1 из %Ln объектов подтверждено</numerusform>
            <numerusform>%1 из %Ln объектов подтверждено</numerusform>
        </translation>
    </message>
    <message>
        <source>Type the dispute&apos;s user: a user id, a username or an OAuth id.</source>
        <translation>Укажите пользователя спора: id пользователя, имя пользователя или OAuth id.</translation>
    </message>
    <message>
        <source>Find kudos users starting with %1</source>
        <translation>Поиск пользователей kudos, начинающихся с %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln user(s)</source>
        <translation>
            <numerusform>%Ln пользователь</numerusform>
            <numerusform>%Ln пользователя</numerusform>
            <numerusform>%Ln пользователей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) restored into %1</source>
        <translation>
            <numerusform>%Ln объект восстановлен в %1</numerusform>
            <numerusform>%Ln объекта восстановлены в %1</numerusform>
            <numerusform>%Ln объектов восстановлено в %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%Ln row(s))</source>
        <translation>
            <numerusform> (%Ln строка)</numerusform>
            <numerusform> (%Ln строки)</numerusform>
            <numerusform> (%Ln строк)</numerusform>
        </translation>
    </message>
    <message>
        <source> Restored: %1.</source>
        <translation> Восстановлены: %1.</translation>
    </message>
    <message numerus="yes">
        <source> %Ln of them were already there.</source>
        <translation>
            <numerusform> %Ln из них уже был там.</numerusform>
            <numerusform> %Ln из них уже были там.</numerusform>
            <numerusform> %Ln из них уже были там.</numerusform>
        </translation>
    </message>
    <message>
        <source> Not restored, though they hold the user&apos;s rows: %1.</source>
        <translation> Не восстановлены, хотя содержат строки пользователя: %1.</translation>
    </message>
    <message>
        <source>Drill every archive object of %1</source>
        <translation>Учения на всех архивных объектах %1</translation>
    </message>
    <message>
        <source>no archive is configured (TIDEMARK_ARCHIVE_URL)</source>
        <translation>архив не настроен (TIDEMARK_ARCHIVE_URL)</translation>
    </message>
    <message>
        <source>List the kudos archive of %1</source>
        <translation>Список архива kudos на %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln archive object(s)</source>
        <translation>
            <numerusform>%Ln объект архива</numerusform>
            <numerusform>%Ln объекта архива</numerusform>
            <numerusform>%Ln объектов архива</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::DisputeRowsModel</name>
    <message>
        <source>archive</source>
        <translation>архив</translation>
    </message>
    <message>
        <source>online</source>
        <translation>в базе</translation>
    </message>
    <message>
        <source>archive + online</source>
        <translation>архив + база</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::DrillResultModel</name>
    <message>
        <source>passed</source>
        <translation>пройдены</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>sums agree with %1</source>
        <translation>суммы совпадают с %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %Ln more)</source>
        <translation>
            <numerusform>%1 (и ещё %Ln)</numerusform>
            <numerusform>%1 (и ещё %Ln)</numerusform>
            <numerusform>%1 (и ещё %Ln)</numerusform>
        </translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Объект</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>Уровень</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Секунды</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Проблемы</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::KudosDataset</name>
    <message>
        <source>The archive is not reachable (%1): currency retention and its drops wait.</source>
        <translation>Архив недоступен (%1): хранение валюты и её удаления ждут.</translation>
    </message>
    <message>
        <source>The archive is not reachable (%1): statistic dumps and drops wait.</source>
        <translation>Архив недоступен (%1): выгрузки и удаления статистики ждут.</translation>
    </message>
    <message>
        <source>Load the kudos partitions of %1</source>
        <translation>Загрузка разделов kudos из %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s)</source>
        <translation>
            <numerusform>%Ln диапазон</numerusform>
            <numerusform>%Ln диапазона</numerusform>
            <numerusform>%Ln диапазонов</numerusform>
        </translation>
    </message>
    <message>
        <source>Reconcile the kudos balances of %1</source>
        <translation>Сверка балансов kudos в %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln user(s) drifting</source>
        <translation>
            <numerusform>%Ln пользователь с расхождением</numerusform>
            <numerusform>%Ln пользователя с расхождением</numerusform>
            <numerusform>%Ln пользователей с расхождением</numerusform>
        </translation>
    </message>
    <message>
        <source>Take a kudos balance snapshot of %1 and reconcile against it</source>
        <translation>Снимок балансов kudos в %1 и сверка с ним</translation>
    </message>
    <message>
        <source>Kudos retention: the plan for %1</source>
        <translation>Хранение kudos: план для %1</translation>
    </message>
    <message>
        <source>Kudos retention: one step on %1</source>
        <translation>Хранение kudos: один шаг в %1</translation>
    </message>
    <message>
        <source>Kudos retention round on %1</source>
        <translation>Раунд хранения kudos в %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln action(s) done</source>
        <translation>
            <numerusform>%Ln действие выполнено</numerusform>
            <numerusform>%Ln действия выполнено</numerusform>
            <numerusform>%Ln действий выполнено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln alert(s)</source>
        <translation>
            <numerusform>%Ln тревога</numerusform>
            <numerusform>%Ln тревоги</numerusform>
            <numerusform>%Ln тревог</numerusform>
        </translation>
    </message>
    <message>
        <source>Plan the kudos partition swap of %1</source>
        <translation>План замены разделов kudos в %1</translation>
    </message>
    <message>
        <source>Partition the kudos tables of %1</source>
        <translation>Секционирование таблиц kudos в %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s) done</source>
        <translation>
            <numerusform>%Ln шаг выполнен</numerusform>
            <numerusform>%Ln шага выполнено</numerusform>
            <numerusform>%Ln шагов выполнено</numerusform>
        </translation>
    </message>
    <message>
        <source>Forecast the kudos capacity of %1</source>
        <translation>Прогноз ёмкости kudos в %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s) in the next run</source>
        <translation>
            <numerusform>%Ln шаг в следующем запуске</numerusform>
            <numerusform>%Ln шага в следующем запуске</numerusform>
            <numerusform>%Ln шагов в следующем запуске</numerusform>
        </translation>
    </message>
    <message>
        <source>Kudos retention: apply the previewed plan on %1</source>
        <translation>Удержание кудосов: применить просмотренный план на %1</translation>
    </message>
    <message>
        <source>Rehearse retention on the copy %1</source>
        <translation>Репетиция хранения на копии %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>go</source>
        <translation>можно</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>пока нет</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::KudosTableSummaryModel</name>
    <message>
        <source>Table</source>
        <translation>Таблица</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Oldest (UTC)</source>
        <translation>Первая (UTC)</translation>
    </message>
    <message>
        <source>Newest (UTC)</source>
        <translation>Последняя (UTC)</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::PartitionStatusModel</name>
    <message>
        <source>rolled up</source>
        <translation>свёрнут</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>удалён</translation>
    </message>
    <message>
        <source>dump failed</source>
        <translation>выгрузка не удалась</translation>
    </message>
    <message>
        <source>not catalogued</source>
        <translation>не в каталоге</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ожидает</translation>
    </message>
    <message>
        <source>dumped</source>
        <translation>выгружен</translation>
    </message>
    <message>
        <source>checkpointed</source>
        <translation>контрольная точка</translation>
    </message>
    <message>
        <source>statements written</source>
        <translation>выписки записаны</translation>
    </message>
    <message>
        <source>exported</source>
        <translation>экспортирован</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>проверен</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>Последняя ошибка: %1</translation>
    </message>
    <message>
        <source>currency</source>
        <translation>валюта</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>статистика</translation>
    </message>
    <message>
        <source>%1 (sub-range)</source>
        <translation>%1 (поддиапазон)</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>%1 (error)</source>
        <translation>%1 (ошибка)</translation>
    </message>
    <message>
        <source>%1 (eligible)</source>
        <translation>%1 (подлежит)</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Набор данных</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Раздел</translation>
    </message>
    <message>
        <source>Range (UTC)</source>
        <translation>Диапазон (UTC)</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строки</translation>
    </message>
    <message>
        <source>Unapplied</source>
        <translation>Не применено</translation>
    </message>
    <message>
        <source>Quarantined</source>
        <translation>В карантине</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Eligible</source>
        <translation>Подлежит с</translation>
    </message>
    <message>
        <source>Archive object</source>
        <translation>Объект архива</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::QuarantineModel</name>
    <message>
        <source>user %1</source>
        <translation>пользователь %1</translation>
    </message>
    <message>
        <source>worker (user %1)</source>
        <translation>исполнитель (пользователь %1)</translation>
    </message>
    <message>
        <source>worker</source>
        <translation>исполнитель</translation>
    </message>
    <message>
        <source>online in %1</source>
        <translation>в сети в %1</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Создано (UTC)</translation>
    </message>
    <message>
        <source>User / worker</source>
        <translation>Пользователь / исполнитель</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Где</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::ReconciliationModel</name>
    <message>
        <source>User</source>
        <translation>Пользователь</translation>
    </message>
    <message>
        <source>Expected balance</source>
        <translation>Ожидаемый баланс</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Баланс</translation>
    </message>
    <message>
        <source>Expected escrow</source>
        <translation>Ожидаемое депонирование</translation>
    </message>
    <message>
        <source>Escrow</source>
        <translation>Депонирование</translation>
    </message>
    <message>
        <source>Drift</source>
        <translation>Расхождение</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::RetentionIssueModel</name>
    <message>
        <source>archive unavailable</source>
        <translation>архив недоступен</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>бюджет превышен</translation>
    </message>
    <message>
        <source>verification failed</source>
        <translation>проверка не прошла</translation>
    </message>
    <message>
        <source>unapplied rows</source>
        <translation>неприменённые строки</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>Alert: %1</source>
        <translation>Тревога: %1</translation>
    </message>
    <message>
        <source>Incident</source>
        <translation>Инцидент</translation>
    </message>
    <message>
        <source>currency</source>
        <translation>валюта</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>статистика</translation>
    </message>
    <message numerus="yes">
        <source>%Ln unapplied row(s) in %1 older than the window, the oldest from %2</source>
        <translation>
            <numerusform>%Ln неприменённая строка в %1 старше окна, самая старая от %2</numerusform>
            <numerusform>%Ln неприменённые строки в %1 старше окна, самая старая от %2</numerusform>
            <numerusform>%Ln неприменённых строк в %1 старше окна, самая старая от %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Набор данных</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Что</translation>
    </message>
    <message>
        <source>rows differ from their replacement</source>
        <translation>строки не совпадают с заменой</translation>
    </message>
    <message>
        <source>%1 [%2, %3) was not dropped (since %4): %5</source>
        <translation>%1 [%2, %3) не удалён (с %4): %5</translation>
    </message>
    <message>
        <source>restore drill overdue</source>
        <translation>учения восстановления просрочены</translation>
    </message>
</context>
<context>
    <name>tidemark::kudos::StatementModel</name>
    <message>
        <source>From kudos_ledger_daily: the day&apos;s rows were stated before they were archived.</source>
        <translation>Из kudos_ledger_daily: строки дня сведены в выписку перед архивированием.</translation>
    </message>
    <message>
        <source>Summed from the rows still online in kudos_ledger.</source>
        <translation>Сумма по строкам, которые ещё в kudos_ledger.</translation>
    </message>
    <message>
        <source>escrow</source>
        <translation>эскроу</translation>
    </message>
    <message>
        <source>spendable</source>
        <translation>доступно</translation>
    </message>
    <message>
        <source>statement (archived)</source>
        <translation>выписка (в архиве)</translation>
    </message>
    <message>
        <source>online</source>
        <translation>в базе</translation>
    </message>
    <message>
        <source>Day (UTC)</source>
        <translation>День (UTC)</translation>
    </message>
    <message>
        <source>Entry type</source>
        <translation>Тип записи</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Счёт</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
</context>
<context>
    <name>tidemark::positions::MowerSummaryModel</name>
    <message>
        <source>not thinned yet</source>
        <translation>ещё нет</translation>
    </message>
    <message>
        <source>Mower</source>
        <translation>Косилка</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>Newest (UTC)</source>
        <translation>Последняя (UTC)</translation>
    </message>
    <message>
        <source>Thinned to (UTC)</source>
        <translation>Прорежено до (UTC)</translation>
    </message>
    <message>
        <source>Thinned until %1: older rows have been thinned</source>
        <translation>Прорежено до %1: более старые строки уже прорежены</translation>
    </message>
    <message>
        <source>No round has thinned this mower yet</source>
        <translation>Ни один раунд ещё не прореживал эту косилку</translation>
    </message>
    <message>
        <source>Oldest</source>
        <translation>Первая</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Срезы</translation>
    </message>
    <message>
        <source>Slices between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</source>
        <translation>Срезы между отметкой (или первой строкой) и границей: их прорежут следующие раунды.</translation>
    </message>
    <message>
        <source>Estimated %1 from a sample of the table; double-click to count this mower&apos;s rows exactly</source>
        <translation>Оценка %1 по выборке из таблицы; двойной щелчок считает строки этой косилки точно</translation>
    </message>
    <message numerus="yes">
        <source>%1 row(s)</source>
        <translation>
            <numerusform>%1 строка</numerusform>
            <numerusform>%1 строки</numerusform>
            <numerusform>%1 строк</numerusform>
        </translation>
    </message>
    <message>
        <source>≈ %1, estimated %2</source>
        <translation>≈ %1, оценка %2</translation>
    </message>
</context>
<context>
    <name>tidemark::positions::PositionsDataset</name>
    <message>
        <source>Load the mowers of %1</source>
        <translation>Загрузка косилок из %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s)</source>
        <translation>
            <numerusform>%Ln косилка</numerusform>
            <numerusform>%Ln косилки</numerusform>
            <numerusform>%Ln косилок</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the round history of %1</source>
        <translation>Загрузка истории раундов из %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln round(s)</source>
        <translation>
            <numerusform>%Ln раунд</numerusform>
            <numerusform>%Ln раунда</numerusform>
            <numerusform>%Ln раундов</numerusform>
        </translation>
    </message>
    <message>
        <source>Count the rows of mower %1</source>
        <translation>Подсчёт строк косилки %1</translation>
    </message>
    <message>
        <source>Preview mower %1, %2 – %3</source>
        <translation>Предпросмотр косилки %1, %2 – %3</translation>
    </message>
    <message>
        <source>%1 rows: %2 kept, %3 removed</source>
        <translation>Строк: %1 — остаётся %2, удаляется %3</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Раунды отклоняются: %1</translation>
    </message>
    <message>
        <source>Dry run of a positions round</source>
        <translation>Пробный запуск раунда позиций</translation>
    </message>
    <message>
        <source>Positions round</source>
        <translation>Раунд позиций</translation>
    </message>
    <message>
        <source>Verify mower %1 against its preview</source>
        <translation>Проверка косилки %1 по её предпросмотру</translation>
    </message>
    <message>
        <source>loading the range</source>
        <translation>загрузка диапазона</translation>
    </message>
    <message>
        <source>Forecast positions</source>
        <translation>Прогноз позиций</translation>
    </message>
    <message numerus="yes">
        <source>Forecast positions with %n what-if(s)</source>
        <translation>
            <numerusform>Прогноз позиций с %n вариантом «что если»</numerusform>
            <numerusform>Прогноз позиций с %n вариантами «что если»</numerusform>
            <numerusform>Прогноз позиций с %n вариантами «что если»</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 rows kept on %3 mowers</source>
        <translation>оставлено строк: %1 из %2, косилок: %3</translation>
    </message>
    <message>
        <source>Positions round applying %1</source>
        <translation>Раунд позиций, применяющий %1</translation>
    </message>
    <message>
        <source>the dry run of %1</source>
        <translation>пробный прогон от %1</translation>
    </message>
</context>
<context>
    <name>tidemark::positions::RoundHistoryModel</name>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>budget used up</source>
        <translation>бюджет исчерпан</translation>
    </message>
    <message>
        <source>window closed</source>
        <translation>окно закрылось</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>завершён</translation>
    </message>
    <message>
        <source>outside the window</source>
        <translation>вне окна</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>частично</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>пробный</translation>
    </message>
    <message>
        <source>run</source>
        <translation>рабочий</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Начало</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Срезы</translation>
    </message>
    <message>
        <source>Scanned</source>
        <translation>Просмотрено</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Удалено</translation>
    </message>
    <message numerus="yes">
        <source>%n mower(s) skipped</source>
        <translation>
            <numerusform>%n косилка пропущена</numerusform>
            <numerusform>%n косилки пропущены</numerusform>
            <numerusform>%n косилок пропущено</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>остановлен: %1</translation>
    </message>
    <message numerus="yes">
        <source>dry run, %n jobs</source>
        <translation>
            <numerusform>пробный, %n поток</numerusform>
            <numerusform>пробный, %n потока</numerusform>
            <numerusform>пробный, %n потоков</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run, %n jobs</source>
        <translation>
            <numerusform>рабочий, %n поток</numerusform>
            <numerusform>рабочий, %n потока</numerusform>
            <numerusform>рабочий, %n потоков</numerusform>
        </translation>
    </message>
    <message>
        <source>clock check overridden (%1 ahead)</source>
        <translation>проверка часов отключена (спешили на %1)</translation>
    </message>
    <message>
        <source>paused %1 holding the lock</source>
        <translation>пауза %1 с удержанием блокировки</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Длительность</translation>
    </message>
</context>
<context>
    <name>tidemark::tracks::TracksDataset</name>
    <message>
        <source>Read the tracks in view of %1</source>
        <translation>Чтение треков в окне карты из %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) in view</source>
        <translation>
            <numerusform>%Ln трек в окне</numerusform>
            <numerusform>%Ln трека в окне</numerusform>
            <numerusform>%Ln треков в окне</numerusform>
        </translation>
    </message>
    <message>
        <source>Preview the retention of %1</source>
        <translation>Предпросмотр хранения для %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) would be deleted</source>
        <translation>
            <numerusform>будет удалён %Ln трек</numerusform>
            <numerusform>будут удалены %Ln трека</numerusform>
            <numerusform>будут удалены %Ln треков</numerusform>
        </translation>
    </message>
    <message>
        <source>Read the health of %1</source>
        <translation>Чтение состояния %1</translation>
    </message>
    <message numerus="yes">
        <source>Import %Ln GPX file(s) into %1</source>
        <translation>
            <numerusform>Импорт %Ln файла GPX в %1</numerusform>
            <numerusform>Импорт %Ln файлов GPX в %1</numerusform>
            <numerusform>Импорт %Ln файлов GPX в %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) added</source>
        <translation>
            <numerusform>добавлен %Ln трек</numerusform>
            <numerusform>добавлены %Ln трека</numerusform>
            <numerusform>добавлено %Ln треков</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln file(s) refused</source>
        <translation>
            <numerusform>, отклонён %Ln файл</numerusform>
            <numerusform>, отклонены %Ln файла</numerusform>
            <numerusform>, отклонено %Ln файлов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln point time(s) refused</source>
        <translation>
            <numerusform>, у %Ln точки отклонено время</numerusform>
            <numerusform>, у %Ln точек отклонено время</numerusform>
            <numerusform>, у %Ln точек отклонено время</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the tracks of %1 older than the retention</source>
        <translation>Удалить треки %1 старше срока хранения</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) deleted</source>
        <translation>
            <numerusform>удалён %Ln трек</numerusform>
            <numerusform>удалены %Ln трека</numerusform>
            <numerusform>удалены %Ln треков</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln file(s) not imported</source>
        <translation>
            <numerusform>, %Ln файл не импортирован</numerusform>
            <numerusform>, %Ln файла не импортированы</numerusform>
            <numerusform>, %Ln файлов не импортированы</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy %1 to PostGIS %2</source>
        <translation>Копирование %1 в PostGIS %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) copied, verified</source>
        <translation>
            <numerusform>скопирован %Ln трек, проверено</numerusform>
            <numerusform>скопировано %Ln трека, проверено</numerusform>
            <numerusform>скопировано %Ln треков, проверено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) copied, cancelled</source>
        <translation>
            <numerusform>скопирован %Ln трек, отменено</numerusform>
            <numerusform>скопировано %Ln трека, отменено</numerusform>
            <numerusform>скопировано %Ln треков, отменено</numerusform>
        </translation>
    </message>
    <message>
        <source>NOT verified: %1</source>
        <translation>НЕ проверено: %1</translation>
    </message>
    <message>
        <source>Forecast the size of %1</source>
        <translation>Прогноз размера %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 будет достигнут %2</translation>
    </message>
</context>
<context>
    <name>tidemark::tracks::TracksSummaryModel</name>
    <message>
        <source>All tracks</source>
        <translation>Все треки</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Вид активности</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Треки</translation>
    </message>
    <message>
        <source>Length (km)</source>
        <translation>Длина (км)</translation>
    </message>
    <message>
        <source>Extent</source>
        <translation>Границы</translation>
    </message>
</context>
<context>
    <name>tidemark::tracks::TracksTableModel</name>
    <message>
        <source>Name</source>
        <translation>Название</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Точек</translation>
    </message>
    <message>
        <source>Length, km</source>
        <translation>Длина, км</translation>
    </message>
    <message>
        <source>Ridden (UTC)</source>
        <translation>Проезд (UTC)</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Импортирован</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::AboutDialog</name>
    <message>
        <source>About Tidemark</source>
        <translation>О программе Tidemark</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Tidemark %1&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Tidemark %1&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Operations console for data retention: mower positions, kudos partitions and public GPS tracks. It shows what retention keeps and removes before anything is removed, runs and verifies retention rounds, and restores archived data.</source>
        <translation>Операционная консоль для управления сроками хранения данных: позиции газонокосилок, разделы Kudos и общедоступные GPS-треки. Она показывает, что останется и что будет удалено, прежде чем что-либо удалить, запускает и проверяет раунды очистки и восстанавливает данные из архива.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Runs on&lt;/b&gt;</source>
        <translation>&lt;b&gt;Работает на&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::ArchiveObjectPanel</name>
    <message>
        <source>&lt;p style=&apos;color:#555&apos;&gt;Select an archive object to see its manifest and its verification.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#555&apos;&gt;Выберите объект архива, чтобы увидеть его манифест и проверку.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Not verified in this session. Verify reads the whole object and checks it against the manifest; a restore verifies first.</source>
        <translation>В этом сеансе не проверялся. Проверка читает весь объект и сверяет его с манифестом; восстановление сначала проверяет.</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <source>Verified: object and content digests, rows and every user&apos;s totals agree with the manifest and with the online partition.</source>
        <translation>Проверен: хеши объекта и содержимого, число строк и итоги каждого пользователя совпадают с манифестом и с партицией в базе.</translation>
    </message>
    <message>
        <source>Verified: object and content digests, rows and every user&apos;s totals agree with the manifest.</source>
        <translation>Проверен: хеши объекта и содержимого, число строк и итоги каждого пользователя совпадают с манифестом.</translation>
    </message>
    <message>
        <source>Verification FAILED: nothing from this object can be restored.</source>
        <translation>Проверка НЕ ПРОЙДЕНА: из этого объекта ничего нельзя восстановить.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Its rows are in the restore file.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Его строки есть в файле восстановления.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The manifest is missing: the object cannot be verified or restored.</source>
        <translation>Манифеста нет: объект нельзя проверить или восстановить.</translation>
    </message>
    <message>
        <source>The manifest cannot be read: %1</source>
        <translation>Манифест не читается: %1</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Набор данных</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>Партиция</translation>
    </message>
    <message>
        <source>still online</source>
        <translation>ещё в базе</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>удалён</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создано</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строк</translation>
    </message>
    <message>
        <source>User %1</source>
        <translation>Пользователь %1</translation>
    </message>
    <message>
        <source>%1 rows · balance %2 · escrow %3</source>
        <translation>строк: %1 · баланс %2 · эскроу %3</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Столбцы</translation>
    </message>
    <message>
        <source>Content sha256</source>
        <translation>sha256 содержимого</translation>
    </message>
    <message>
        <source>Object sha256</source>
        <translation>sha256 объекта</translation>
    </message>
    <message>
        <source>Object size</source>
        <translation>Размер объекта</translation>
    </message>
    <message>
        <source>Exported</source>
        <translation>Выгружен</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>The manifest as stored beside the object:</source>
        <translation>Манифест в том виде, в каком он лежит рядом с объектом:</translation>
    </message>
    <message numerus="yes">
        <source>… %Ln more problem(s)</source>
        <translation>
            <numerusform>… ещё %Ln проблема</numerusform>
            <numerusform>… ещё %Ln проблемы</numerusform>
            <numerusform>… ещё %Ln проблем</numerusform>
        </translation>
    </message>
    <message>
        <source>Never drilled. A drill restores the object into a scratch file and compares its sums per user, account, entry type and day with the daily statements.</source>
        <translation>Учения не проводились. Учения восстанавливают объект во временный файл и сверяют его суммы по пользователю, счёту, типу записи и дню с дневными выписками.</translation>
    </message>
    <message numerus="yes">
        <source>Last drill passed: %Ln row(s) restored; their sums agree with the daily statements and their count with the catalog.</source>
        <translation>
            <numerusform>Последние учения пройдены: восстановлена %Ln строка; суммы совпадают с дневными выписками, число — с каталогом.</numerusform>
            <numerusform>Последние учения пройдены: восстановлены %Ln строки; суммы совпадают с дневными выписками, число — с каталогом.</numerusform>
            <numerusform>Последние учения пройдены: восстановлено %Ln строк; суммы совпадают с дневными выписками, число — с каталогом.</numerusform>
        </translation>
    </message>
    <message>
        <source>Last drill FAILED:</source>
        <translation>Последние учения ПРОВАЛЕНЫ:</translation>
    </message>
    <message>
        <source>drilled %1 in %2</source>
        <translation>проверен восстановлением %1 за %2</translation>
    </message>
    <message>
        <source>%1 (%2 level %3)</source>
        <translation>%1 (%2, уровень %3)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::BudgetPanel</name>
    <message>
        <source>currency/</source>
        <translation>currency/</translation>
    </message>
    <message>
        <source>statistics/</source>
        <translation>statistics/</translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Архив: %1</translation>
    </message>
    <message>
        <source>The archive is not reachable: %1</source>
        <translation>Архив недоступен: %1</translation>
    </message>
    <message>
        <source>unknown: the archive could not be read</source>
        <translation>неизвестно: архив не удалось прочитать</translation>
    </message>
    <message>
        <source>%1 used; no budget set for this tier: %2 sets it</source>
        <translation>занято %1; бюджет для этого уровня не задан: его задаёт %2</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 из %2 (%3)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::ConnectDialog</name>
    <message>
        <source>Tracks database</source>
        <translation>База треков</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation>Базы SQLite (*.sqlite *.sqlite3 *.db);;Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DatasetPanel</name>
    <message>
        <source>Reload</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Load this dataset again</source>
        <translation>Загрузить этот набор данных заново</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Не подключено</translation>
    </message>
    <message>
        <source>Use File › Connect… or File › Open demo workspace.</source>
        <translation>Выберите «Файл › Подключиться…» или «Файл › Открыть демо-пространство».</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <source>Loading failed</source>
        <translation>Загрузка не удалась</translation>
    </message>
    <message>
        <source>Show the table here too (the workbench in front shows these rows)</source>
        <translation>Показать таблицу и здесь (открытая панель показывает те же строки)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DisputeWorkbench</name>
    <message>
        <source>Investigate</source>
        <translation>Разобрать</translation>
    </message>
    <message>
        <source>Read the user&apos;s daily statement and find the archive objects that cover the days (read-only).</source>
        <translation>Прочитать дневную выписку пользователя и найти объекты архива за эти дни (только чтение).</translation>
    </message>
    <message>
        <source>Pick a user and the days of the dispute.</source>
        <translation>Выберите пользователя и дни спора.</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Пользователь</translation>
    </message>
    <message>
        <source>From</source>
        <translation>С</translation>
    </message>
    <message>
        <source>to</source>
        <translation>по</translation>
    </message>
    <message>
        <source>(UTC days, inclusive)</source>
        <translation>(дни UTC, включительно)</translation>
    </message>
    <message>
        <source>Daily statement</source>
        <translation>Дневная выписка</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <source>Read the selected objects back and check them against their manifests (and against the partition while it is online).</source>
        <translation>Прочитать выбранные объекты и сверить их с манифестами (и с партицией, пока она в базе).</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Восстановить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Archive objects covering the days</source>
        <translation>Объекты архива за эти дни</translation>
    </message>
    <message>
        <source>Filter the rows (any column)</source>
        <translation>Фильтр строк (любой столбец)</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Экспорт в CSV…</translation>
    </message>
    <message>
        <source>The user&apos;s rows (restored from the archive, and online)</source>
        <translation>Строки пользователя (восстановленные из архива и из базы)</translation>
    </message>
    <message>
        <source>Export the user&apos;s rows</source>
        <translation>Экспорт строк пользователя</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>Reading the statement and the archive…</source>
        <translation>Чтение выписки и архива…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Нет подключения.</translation>
    </message>
    <message>
        <source>No listed object holds rows of this user.</source>
        <translation>Ни в одном из объектов нет строк этого пользователя.</translation>
    </message>
    <message numerus="yes">
        <source>Restoring %Ln object(s) into %1</source>
        <translation>
            <numerusform>Восстановление %Ln объекта в %1</numerusform>
            <numerusform>Восстановление %Ln объектов в %1</numerusform>
            <numerusform>Восстановление %Ln объектов в %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s) written to %1</source>
        <translation>
            <numerusform>%Ln строка записана в %1</numerusform>
            <numerusform>%Ln строки записаны в %1</numerusform>
            <numerusform>%Ln строк записано в %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>User %1: %Ln statement line(s); </source>
        <translation>
            <numerusform>Пользователь %1: %Ln строка выписки; </numerusform>
            <numerusform>Пользователь %1: %Ln строки выписки; </numerusform>
            <numerusform>Пользователь %1: %Ln строк выписки; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln archive object(s) cover the days, </source>
        <translation>
            <numerusform>за эти дни есть %Ln объект архива, </numerusform>
            <numerusform>за эти дни есть %Ln объекта архива, </numerusform>
            <numerusform>за эти дни есть %Ln объектов архива, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln of them with %1 of the user&apos;s rows.</source>
        <translation>
            <numerusform>в %Ln из них %1 строк пользователя.</numerusform>
            <numerusform>в %Ln из них %1 строк пользователя.</numerusform>
            <numerusform>в %Ln из них %1 строк пользователя.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>User %1: %Ln statement line(s). </source>
        <translation>
            <numerusform>Пользователь %1: %Ln строка выписки. </numerusform>
            <numerusform>Пользователь %1: %Ln строки выписки. </numerusform>
            <numerusform>Пользователь %1: %Ln строк выписки. </numerusform>
        </translation>
    </message>
    <message>
        <source>The archive could not be read: %1</source>
        <translation>Архив прочитать не удалось: %1</translation>
    </message>
    <message numerus="yes">
        <source>Spendable %1 · escrow %2 · %Ln row(s)</source>
        <translation>
            <numerusform>Доступно %1 · эскроу %2 · %Ln строка</numerusform>
            <numerusform>Доступно %1 · эскроу %2 · %Ln строки</numerusform>
            <numerusform>Доступно %1 · эскроу %2 · %Ln строк</numerusform>
        </translation>
    </message>
    <message>
        <source>Restores go into %1</source>
        <translation>Восстановление идёт в %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln строка</numerusform>
            <numerusform>%Ln строки</numerusform>
            <numerusform>%Ln строк</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 from the archive, %2 online)</source>
        <translation> (из архива %1, из базы %2)</translation>
    </message>
    <message>
        <source> · spendable %1 · escrow %2</source>
        <translation> · доступно %1 · эскроу %2</translation>
    </message>
    <message numerus="yes">
        <source> · %Ln shown</source>
        <translation>
            <numerusform> · показана %Ln</numerusform>
            <numerusform> · показаны %Ln</numerusform>
            <numerusform> · показано %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source> · only the first %1 rows are listed</source>
        <translation> · показаны только первые %1 строк</translation>
    </message>
    <message>
        <source>Drill…</source>
        <translation>Учения…</translation>
    </message>
    <message>
        <source>Stop the restore or the drill that runs.</source>
        <translation>Остановить идущее восстановление или учения.</translation>
    </message>
    <message numerus="yes">
        <source>Drilling a sample of %Ln archive object(s), the never drilled first…</source>
        <translation>
            <numerusform>Учения на выборке из %Ln архивного объекта, сначала не проверявшиеся…</numerusform>
            <numerusform>Учения на выборке из %Ln архивных объектов, сначала не проверявшиеся…</numerusform>
            <numerusform>Учения на выборке из %Ln архивных объектов, сначала не проверявшиеся…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drilling %Ln archive object(s)…</source>
        <translation>
            <numerusform>Учения: %Ln архивный объект…</numerusform>
            <numerusform>Учения: %Ln архивных объекта…</numerusform>
            <numerusform>Учения: %Ln архивных объектов…</numerusform>
        </translation>
    </message>
    <message>
        <source>id, username or OAuth id</source>
        <translation>id, имя пользователя или OAuth id</translation>
    </message>
    <message>
        <source>The user of the dispute: a user id, a username, username#id or an OAuth id. Typing offers the matching users of the kudos database.</source>
        <translation>Пользователь спора: id пользователя, имя пользователя, имя#id или OAuth id. При вводе предлагаются подходящие пользователи базы kudos.</translation>
    </message>
    <message>
        <source>User %1, username %2, OAuth id %3</source>
        <translation>Пользователь %1, имя %2, OAuth id %3</translation>
    </message>
    <message>
        <source>Archive objects</source>
        <translation>Объекты архива</translation>
    </message>
    <message>
        <source>The user&apos;s rows</source>
        <translation>Строки пользователя</translation>
    </message>
    <message>
        <source>Verify, then load into the local restore file every object that holds the user&apos;s rows, or only the selected ones (Ctrl+click unselects). A failed verification loads nothing.</source>
        <translation>Проверить, затем загрузить в локальный файл восстановления все объекты, содержащие строки пользователя, или только выбранные (Ctrl+щелчок снимает выбор). Неудачная проверка ничего не загружает.</translation>
    </message>
    <message numerus="yes">
        <source>Restore drill: restore the selected objects, a sample of %Ln object(s) of the whole archive (the never drilled and the longest undrilled first) or every object of the catalog into a private scratch file, compare their sums per user, account, entry type and day with the daily statements and their rows with the catalog, and record the result.</source>
        <translation>
            <numerusform>Учения восстановления: восстановить выбранные объекты, выборку из %Ln объекта всего архива (сначала ни разу не проверенные и дольше всех не проверявшиеся) или все объекты каталога в закрытый временный файл, сравнить их суммы по пользователю, счёту, типу записи и дню с ежедневными выписками, а число строк — с каталогом, и записать результат.</numerusform>
            <numerusform>Учения восстановления: восстановить выбранные объекты, выборку из %Ln объектов всего архива (сначала ни разу не проверенные и дольше всех не проверявшиеся) или все объекты каталога в закрытый временный файл, сравнить их суммы по пользователю, счёту, типу записи и дню с ежедневными выписками, а число строк — с каталогом, и записать результат.</numerusform>
            <numerusform>Учения восстановления: восстановить выбранные объекты, выборку из %Ln объектов всего архива (сначала ни разу не проверенные и дольше всех не проверявшиеся) или все объекты каталога в закрытый временный файл, сравнить их суммы по пользователю, счёту, типу записи и дню с ежедневными выписками, а число строк — с каталогом, и записать результат.</numerusform>
        </translation>
    </message>
    <message>
        <source>Drill results</source>
        <translation>Результаты учений</translation>
    </message>
    <message>
        <source>Each object of the last drill with its result</source>
        <translation>Каждый объект последних учений с его результатом</translation>
    </message>
    <message>
        <source>Restore 1 selected object</source>
        <translation>Восстановить 1 выбранный объект</translation>
    </message>
    <message numerus="yes">
        <source>Restore %Ln selected objects</source>
        <translation>
            <numerusform>Восстановить %Ln выбранный объект</numerusform>
            <numerusform>Восстановить %Ln выбранных объекта</numerusform>
            <numerusform>Восстановить %Ln выбранных объектов</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore 1 object</source>
        <translation>Восстановить 1 объект</translation>
    </message>
    <message numerus="yes">
        <source>Restore %Ln objects</source>
        <translation>
            <numerusform>Восстановить %Ln объект</numerusform>
            <numerusform>Восстановить %Ln объекта</numerusform>
            <numerusform>Восстановить %Ln объектов</numerusform>
        </translation>
    </message>
    <message>
        <source>Drilling every archive object of the catalog…</source>
        <translation>Учения на всех архивных объектах каталога…</translation>
    </message>
    <message>
        <source>Not restored, though they hold the user&apos;s rows: %1.</source>
        <translation>Не восстановлены, хотя содержат строки пользователя: %1.</translation>
    </message>
    <message>
        <source>Archive &amp;&amp; disputes</source>
        <translation>Архив и споры</translation>
    </message>
    <message>
        <source>The archive %1 holds no object of the kudos ledger yet.</source>
        <translation>В архиве %1 пока нет объектов журнала kudos.</translation>
    </message>
    <message>
        <source>The one archive object of the kudos ledger in %1.</source>
        <translation>Единственный объект журнала kudos в архиве %1.</translation>
    </message>
    <message numerus="yes">
        <source>All %Ln archive objects of the kudos ledger in %1.</source>
        <translation>
            <numerusform>Весь архив %1: %Ln объект журнала kudos.</numerusform>
            <numerusform>Весь архив %1: %Ln объекта журнала kudos.</numerusform>
            <numerusform>Весь архив %1: %Ln объектов журнала kudos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Investigate a user to narrow them to the days of a dispute.</source>
        <translation>Исследуйте пользователя, чтобы оставить только объекты за дни спора.</translation>
    </message>
    <message>
        <source>The one archive object that covers %1</source>
        <translation>Единственный объект архива за %1</translation>
    </message>
    <message numerus="yes">
        <source>The %Ln archive objects that cover %1</source>
        <translation>
            <numerusform>%Ln объект архива за %1</numerusform>
            <numerusform>%Ln объекта архива за %1</numerusform>
            <numerusform>%Ln объектов архива за %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln of them holding rows of user %1.</source>
        <translation>
            <numerusform>, в %Ln из них есть строки пользователя %1.</numerusform>
            <numerusform>, в %Ln из них есть строки пользователя %1.</numerusform>
            <numerusform>, в %Ln из них есть строки пользователя %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>The archive could not be listed: %1</source>
        <translation>Не удалось получить список архива: %1</translation>
    </message>
    <message>
        <source>Listing the archive&apos;s objects…</source>
        <translation>Чтение списка объектов архива…</translation>
    </message>
    <message>
        <source>The archive&apos;s objects are listed once the kudos dataset has loaded.</source>
        <translation>Объекты архива будут показаны, когда загрузятся данные kudos.</translation>
    </message>
    <message>
        <source>The archive objects covering the days</source>
        <translation>Объекты архива за выбранные дни</translation>
    </message>
    <message>
        <source>Every archive object of the kudos ledger</source>
        <translation>Все объекты журнала kudos в архиве</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DrillChoiceMenu</name>
    <message numerus="yes">
        <source>The %Ln selected object(s)</source>
        <translation>
            <numerusform>%Ln выбранный объект</numerusform>
            <numerusform>%Ln выбранных объекта</numerusform>
            <numerusform>%Ln выбранных объектов</numerusform>
        </translation>
    </message>
    <message>
        <source>The selected objects (none selected)</source>
        <translation>Выбранные объекты (ничего не выбрано)</translation>
    </message>
    <message numerus="yes">
        <source>A sample of %Ln object(s), the never drilled first</source>
        <translation>
            <numerusform>Выборка из %Ln объекта, сначала ни разу не проверенные</numerusform>
            <numerusform>Выборка из %Ln объектов, сначала ни разу не проверенные</numerusform>
            <numerusform>Выборка из %Ln объектов, сначала ни разу не проверенные</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %Ln object(s) of the catalog</source>
        <translation>
            <numerusform>Весь каталог: %Ln объект</numerusform>
            <numerusform>Весь каталог: %Ln объекта</numerusform>
            <numerusform>Весь каталог: %Ln объектов</numerusform>
        </translation>
    </message>
    <message>
        <source>All objects of the catalog</source>
        <translation>Все объекты каталога</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DrillCoverageLabel</name>
    <message>
        <source>Drills: the catalog records no archive object yet.</source>
        <translation>Учения: каталог пока не знает ни одного архивного объекта.</translation>
    </message>
    <message numerus="yes">
        <source>Drills: %1 of %Ln object(s) proven within %2 days</source>
        <translation>
            <numerusform>Учения: %1 из %Ln объекта подтверждено за %2 дн.</numerusform>
            <numerusform>Учения: %1 из %Ln объектов подтверждено за %2 дн.</numerusform>
            <numerusform>Учения: %1 из %Ln объектов подтверждено за %2 дн.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln not proven</source>
        <translation>
            <numerusform> · %Ln не подтверждён</numerusform>
            <numerusform> · %Ln не подтверждены</numerusform>
            <numerusform> · %Ln не подтверждено</numerusform>
        </translation>
    </message>
    <message>
        <source> · last passed %1</source>
        <translation> · последние пройдены %1</translation>
    </message>
    <message>
        <source>Over every archive object the retention catalog records (currency and statistics): proven means its latest drill passed, within KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS = %1 (UTC, by the server&apos;s clock); a failed drill un-proves an object until one passes again.</source>
        <translation>По всем архивным объектам каталога хранения (валюта и статистика): подтверждён — значит, его последние учения пройдены в пределах KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS = %1 (UTC, по часам сервера); проваленные учения снимают подтверждение, пока следующие не пройдут.</translation>
    </message>
    <message>
        <source>The oldest of the last proofs: %1, passed %2.</source>
        <translation>Самое старое из последних подтверждений: %1, пройдено %2.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::DrillResultsView</name>
    <message>
        <source>No drill in this session yet: Drill… restores objects into a private scratch file and compares their sums with the daily statements.</source>
        <translation>В этом сеансе учений ещё не было: «Учения…» восстанавливают объекты в закрытый временный файл и сравнивают их суммы с ежедневными выписками.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HelpBrowser</name>
    <message>
        <source># Page not found

The help of this version has no page **%1**.

Back to the [contents](%2).</source>
        <translation># Страница не найдена

В справке этой версии нет страницы **%1**.

Вернуться к [содержанию](%2).</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HelpWindow</name>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Назад</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>&amp;Вперёд</translation>
    </message>
    <message>
        <source>Tidemark Help</source>
        <translation>Справка Tidemark</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>&amp;Содержание</translation>
    </message>
    <message>
        <source>%1 — Tidemark Help</source>
        <translation>%1 — справка Tidemark</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HomeCard</name>
    <message>
        <source>mower %1</source>
        <translation>косилка %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln slice(s), %2 rows deleted (%3 by the age limit) in %4</source>
        <translation>
            <numerusform>%1: %Ln срез, удалено строк: %2 (по сроку: %3) за %4</numerusform>
            <numerusform>%1: %Ln среза, удалено строк: %2 (по сроку: %3) за %4</numerusform>
            <numerusform>%1: %Ln срезов, удалено строк: %2 (по сроку: %3) за %4</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменён</translation>
    </message>
    <message>
        <source>stopped early: %1</source>
        <translation>остановлен досрочно: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s) skipped</source>
        <translation>
            <numerusform>пропущена %Ln косилка</numerusform>
            <numerusform>пропущено %Ln косилки</numerusform>
            <numerusform>пропущено %Ln косилок</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped at its budget</source>
        <translation>остановлен по бюджету времени</translation>
    </message>
    <message>
        <source>stopped when the window closed</source>
        <translation>остановлен при закрытии окна</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>завершён</translation>
    </message>
    <message>
        <source>not complete</source>
        <translation>не завершён</translation>
    </message>
    <message>
        <source>The window is open now, until %1 (%2).</source>
        <translation>Окно открыто сейчас, до %1 (%2).</translation>
    </message>
    <message>
        <source>The window opens %1 and closes %2 (%3).</source>
        <translation>Окно открывается %1 и закрывается %2 (%3).</translation>
    </message>
    <message>
        <source>Nothing to thin: no slice is pending.</source>
        <translation>Прореживать нечего: ожидающих срезов нет.</translation>
    </message>
    <message numerus="yes">
        <source>Tonight: %1 of thinning, %2 of the %3 slices at the recorded pace (%4 slices/s over %Ln round(s)).</source>
        <translation>
            <numerusform>Этой ночью: %1 прореживания, %2 из %3 срезов в записанном темпе (%4 срезов/с за %Ln раунд).</numerusform>
            <numerusform>Этой ночью: %1 прореживания, %2 из %3 срезов в записанном темпе (%4 срезов/с за %Ln раунда).</numerusform>
            <numerusform>Этой ночью: %1 прореживания, %2 из %3 срезов в записанном темпе (%4 срезов/с за %Ln раундов).</numerusform>
        </translation>
    </message>
    <message>
        <source>Tonight: %1 of thinning; no recorded pace yet (%2).</source>
        <translation>Этой ночью: %1 прореживания; записанного темпа пока нет (%2).</translation>
    </message>
    <message>
        <source>no round recorded</source>
        <translation>раундов не записано</translation>
    </message>
    <message numerus="yes">
        <source>The backlog clears in %Ln night(s).</source>
        <translation>
            <numerusform>Отставание будет разобрано за %Ln ночь.</numerusform>
            <numerusform>Отставание будет разобрано за %Ln ночи.</numerusform>
            <numerusform>Отставание будет разобрано за %Ln ночей.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 slice(s) pending over %Ln mower(s).</source>
        <translation>
            <numerusform>Ожидающих срезов: %1 у %Ln косилки.</numerusform>
            <numerusform>Ожидающих срезов: %1 у %Ln косилок.</numerusform>
            <numerusform>Ожидающих срезов: %1 у %Ln косилок.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 rows to thin of %2 scanned (estimated from a sample of mowers).</source>
        <translation>%1 строк к прореживанию из %2 просмотренных (оценка по выборке косилок).</translation>
    </message>
    <message>
        <source>%1 rows to delete: %2 by thinning, %3 by the age limit (of %4 scanned).</source>
        <translation>%1 строк к удалению: %2 прореживанием, %3 по сроку (из %4 просмотренных).</translation>
    </message>
    <message>
        <source>, from %1</source>
        <translation>, с %1</translation>
    </message>
    <message>
        <source>No round recorded yet.</source>
        <translation>Раундов пока не записано.</translation>
    </message>
    <message>
        <source>No mower would be skipped.</source>
        <translation>Ни одна косилка не будет пропущена.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln mower(s) a round would skip:</source>
        <translation>
            <numerusform>Раунд пропустит %Ln косилку:</numerusform>
            <numerusform>Раунд пропустит %Ln косилки:</numerusform>
            <numerusform>Раунд пропустит %Ln косилок:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %Ln more</source>
        <translation>
            <numerusform>и ещё %Ln</numerusform>
            <numerusform>и ещё %Ln</numerusform>
            <numerusform>и ещё %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Следующий запуск</translation>
    </message>
    <message>
        <source>Backlog</source>
        <translation>Отставание</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Последний запуск</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>A retention job is running now; the list below is what is left after it.</source>
        <translation>Сейчас выполняется задание хранения; ниже — то, что останется после него.</translation>
    </message>
    <message>
        <source>Nothing to do: no range is eligible.</source>
        <translation>Делать нечего: подходящих диапазонов нет.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln step(s): %1.</source>
        <translation>
            <numerusform>%Ln шаг: %1.</numerusform>
            <numerusform>%Ln шага: %1.</numerusform>
            <numerusform>%Ln шагов: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 rows; ≈ %2 to the archive.</source>
        <translation>%1 строк; ≈ %2 в архив.</translation>
    </message>
    <message>
        <source>%1 rows.</source>
        <translation>%1 строк.</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 строк</translation>
    </message>
    <message numerus="yes">
        <source>and %Ln more step(s)</source>
        <translation>
            <numerusform>и ещё %Ln шаг</numerusform>
            <numerusform>и ещё %Ln шага</numerusform>
            <numerusform>и ещё %Ln шагов</numerusform>
        </translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Архив: %1</translation>
    </message>
    <message>
        <source>%1 is %2 since %3</source>
        <translation>%1 в состоянии %2 с %3</translation>
    </message>
    <message>
        <source>No retention step recorded yet.</source>
        <translation>Шагов хранения пока не записано.</translation>
    </message>
    <message>
        <source>%1: %2 used, no budget</source>
        <translation>%1: занято %2, бюджета нет</translation>
    </message>
    <message>
        <source>, reached on %1</source>
        <translation>, будет достигнут %1</translation>
    </message>
    <message>
        <source>: over budget, the next upload is refused</source>
        <translation>: бюджет превышен, следующая выгрузка будет отклонена</translation>
    </message>
    <message>
        <source>No incident.</source>
        <translation>Инцидентов нет.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln incident(s):</source>
        <translation>
            <numerusform>%Ln инцидент:</numerusform>
            <numerusform>%Ln инцидента:</numerusform>
            <numerusform>%Ln инцидентов:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln alert(s): retention waits (see above)</source>
        <translation>
            <numerusform>%Ln предупреждение: хранение ждёт (см. выше)</numerusform>
            <numerusform>%Ln предупреждения: хранение ждёт (см. выше)</numerusform>
            <numerusform>%Ln предупреждений: хранение ждёт (см. выше)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drills: %1 of %2 object(s) proven within %Ln day(s)</source>
        <translation>
            <numerusform>Проверки: подтверждено %1 из %2 объектов за %Ln день</numerusform>
            <numerusform>Проверки: подтверждено %1 из %2 объектов за %Ln дня</numerusform>
            <numerusform>Проверки: подтверждено %1 из %2 объектов за %Ln дней</numerusform>
        </translation>
    </message>
    <message>
        <source>; the last passed %1</source>
        <translation>; последняя успешная %1</translation>
    </message>
    <message>
        <source>; none passed yet</source>
        <translation>; успешных пока нет</translation>
    </message>
    <message numerus="yes">
        <source>Nothing to delete: no track was imported before %1 (%Ln year(s) ago).</source>
        <translation>
            <numerusform>Удалять нечего: нет треков, импортированных до %1 (%Ln год назад).</numerusform>
            <numerusform>Удалять нечего: нет треков, импортированных до %1 (%Ln года назад).</numerusform>
            <numerusform>Удалять нечего: нет треков, импортированных до %1 (%Ln лет назад).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deletes %Ln track(s) imported before %1 (%2 years ago), freeing ≈ %3.</source>
        <translation>
            <numerusform>Удалит %Ln трек, импортированный до %1 (%2 лет назад), освободив ≈ %3.</numerusform>
            <numerusform>Удалит %Ln трека, импортированных до %1 (%2 лет назад), освободив ≈ %3.</numerusform>
            <numerusform>Удалит %Ln треков, импортированных до %1 (%2 лет назад), освободив ≈ %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import %1 (%2, %3): %4</source>
        <translation>Импорт %1 (%2, %3): %4</translation>
    </message>
    <message>
        <source>No import recorded yet.</source>
        <translation>Импортов пока не записано.</translation>
    </message>
    <message>
        <source> — at or above it: plan a retention run or a split.</source>
        <translation> — отметка достигнута: запланируйте запуск хранения или разделение.</translation>
    </message>
    <message>
        <source>; reaches it on %1.</source>
        <translation>; будет достигнута %1.</translation>
    </message>
    <message>
        <source>Open %1 ▸</source>
        <translation>Открыть %1 ▸</translation>
    </message>
    <message>
        <source>Not computed yet.</source>
        <translation>Ещё не рассчитано.</translation>
    </message>
    <message>
        <source>Not configured — File ▸ Connect…</source>
        <translation>Не настроено — Файл ▸ Подключиться…</translation>
    </message>
    <message>
        <source>Could not be planned: %1</source>
        <translation>Не удалось спланировать: %1</translation>
    </message>
    <message>
        <source>The other datasets are planned without it; Refresh tries again.</source>
        <translation>Остальные наборы данных спланированы без него; «Обновить» попробует снова.</translation>
    </message>
    <message>
        <source>failed after %1</source>
        <translation>сбой через %1</translation>
    </message>
    <message>
        <source>planned in %1</source>
        <translation>спланировано за %1</translation>
    </message>
    <message>
        <source>%1: %2 of %3 (%4)</source>
        <translation>%1: %2 из %3 (%4)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s), %1 (PostGIS: the %2 mark is the SQLite file&apos;s).</source>
        <translation>
            <numerusform>%Ln трек, %1 (PostGIS: отметка %2 относится к файлу SQLite).</numerusform>
            <numerusform>%Ln трека, %1 (PostGIS: отметка %2 относится к файлу SQLite).</numerusform>
            <numerusform>%Ln треков, %1 (PostGIS: отметка %2 относится к файлу SQLite).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s), %1: %2 of the %3 mark</source>
        <translation>
            <numerusform>%Ln трек, %1: %2 от отметки %3</numerusform>
            <numerusform>%Ln трека, %1: %2 от отметки %3</numerusform>
            <numerusform>%Ln треков, %1: %2 от отметки %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Largest: %1, %2 slice(s)%3.</source>
        <translation>
            <numerusform>Больше всего: %1, %2 срез%3.</numerusform>
            <numerusform>Больше всего: %1, %2 среза%3.</numerusform>
            <numerusform>Больше всего: %1, %2 срезов%3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::ui::HomeWorkbench</name>
    <message>
        <source>Retention plan</source>
        <translation>План хранения</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Plan again: the quick estimate first, then the exact plan (read-only dry runs of every configured dataset).</source>
        <translation>Спланировать заново: сначала быстрая оценка, затем точный план (пробные прогоны только для чтения по каждому настроенному набору данных).</translation>
    </message>
    <message>
        <source>The quick plan failed: %1</source>
        <translation>Быстрый план не удался: %1</translation>
    </message>
    <message>
        <source>The plan failed: %1</source>
        <translation>План не удался: %1</translation>
    </message>
    <message>
        <source>Nothing needs you.</source>
        <translation>Ваше участие не требуется.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln item(s) need you — click one to open it</source>
        <translation>
            <numerusform>%Ln пункт требует вашего участия — щёлкните, чтобы открыть</numerusform>
            <numerusform>%Ln пункта требуют вашего участия — щёлкните, чтобы открыть</numerusform>
            <numerusform>%Ln пунктов требуют вашего участия — щёлкните, чтобы открыть</numerusform>
        </translation>
    </message>
    <message>
        <source>Open the %1 workbench</source>
        <translation>Открыть рабочую область «%1»</translation>
    </message>
    <message>
        <source>Open the %1 workbench at %2</source>
        <translation>Открыть рабочую область «%1» на %2</translation>
    </message>
    <message>
        <source>Computing the plan…</source>
        <translation>Расчёт плана…</translation>
    </message>
    <message>
        <source>Not planned yet: connect the datasets (File ▸ Connect…) or press Refresh.</source>
        <translation>Ещё не спланировано: подключите наборы данных (Файл ▸ Подключиться…) или нажмите «Обновить».</translation>
    </message>
    <message>
        <source>No dataset is configured: File ▸ Connect… or File ▸ Open demo workspace.</source>
        <translation>Ни один набор данных не настроен: Файл ▸ Подключиться… или Файл ▸ Открыть демо-среду.</translation>
    </message>
    <message>
        <source>Quick estimate as of %1; computing the exact plan…</source>
        <translation>Быстрая оценка на %1; рассчитывается точный план…</translation>
    </message>
    <message>
        <source>Quick estimate as of %1.</source>
        <translation>Быстрая оценка на %1.</translation>
    </message>
    <message>
        <source>Cancelled: the plan is incomplete.</source>
        <translation>Отменено: план неполный.</translation>
    </message>
    <message>
        <source>Computing a new plan…</source>
        <translation>Расчёт нового плана…</translation>
    </message>
    <message>
        <source>estimated · refining…</source>
        <translation>оценка · уточняется…</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>оценка</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>расчёт…</translation>
    </message>
    <message>
        <source>Save plan…</source>
        <translation>Сохранить план…</translation>
    </message>
    <message>
        <source>Write the exact plan shown, with every unit it would apply, to a file that tidemark-cli apply (or Open plan…) applies exactly, within 24 hours.</source>
        <translation>Записать показанный точный план со всеми его единицами в файл, который tidemark-cli apply (или «Открыть план…») применит в точности, в течение 24 часов.</translation>
    </message>
    <message>
        <source>Open plan…</source>
        <translation>Открыть план…</translation>
    </message>
    <message>
        <source>Open a plan file (plan --out, Save plan…): its units, then Apply.</source>
        <translation>Открыть файл плана (plan --out, «Сохранить план…»): его единицы, затем «Применить».</translation>
    </message>
    <message>
        <source>Save the plan</source>
        <translation>Сохранить план</translation>
    </message>
    <message>
        <source>Plans (*.json)</source>
        <translation>Планы (*.json)</translation>
    </message>
    <message>
        <source>Open a plan</source>
        <translation>Открыть план</translation>
    </message>
    <message>
        <source>Cannot open the plan %1: %2</source>
        <translation>Не удаётся открыть план %1: %2</translation>
    </message>
    <message>
        <source>No exact plan to save yet: wait for the plan, or Refresh.</source>
        <translation>Точного плана для сохранения ещё нет: дождитесь плана или нажмите «Обновить».</translation>
    </message>
    <message>
        <source>Plan saved to %1 (sha256 %2…), expires %3.</source>
        <translation>План сохранён в %1 (sha256 %2…), действует до %3.</translation>
    </message>
    <message>
        <source>Opening the plan %1…</source>
        <translation>Открывается план %1…</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Главная</translation>
    </message>
    <message>
        <source>As of %1, planned in %2.</source>
        <translation>На %1, спланировано за %2.</translation>
    </message>
    <message>
        <source>%1… The plan is computed once its datasets are connected.</source>
        <translation>%1… План будет рассчитан, когда наборы данных подключатся.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::JobPanel</name>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>No jobs running · last: %1 · %2</source>
        <translation>Нет активных задач · последняя: %1 · %2</translation>
    </message>
    <message>
        <source>No jobs running</source>
        <translation>Нет активных задач</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::KudosCapacityPanel</name>
    <message>
        <source>Forecast</source>
        <translation>Прогноз</translation>
    </message>
    <message>
        <source>Read-only: the weekly rows online, the archive&apos;s growth per tier from its manifests, and when each tier reaches its budget.</source>
        <translation>Только чтение: строки в базе по неделям, рост архива по уровням по его манифестам и дата, когда каждый уровень достигнет своего бюджета.</translation>
    </message>
    <message>
        <source>Online rows per week</source>
        <translation>Строк в базе по неделям</translation>
    </message>
    <message>
        <source>Run a forecast to see the rows online per week.</source>
        <translation>Запустите прогноз, чтобы увидеть строки в базе по неделям.</translation>
    </message>
    <message>
        <source>Archive use per tier against its budget</source>
        <translation>Занятость архива по уровням относительно бюджета</translation>
    </message>
    <message>
        <source>Nothing archived yet.</source>
        <translation>В архиве пока ничего нет.</translation>
    </message>
    <message>
        <source>Forecasting…</source>
        <translation>Расчёт прогноза…</translation>
    </message>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>%1: %2 rows, %3 online; %4 a week; steady state %5</source>
        <translation>%1: строк: %2, в базе %3; за неделю: %4; установившееся состояние: %5</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>строк: %1</translation>
    </message>
    <message>
        <source>no budget</source>
        <translation>не задан</translation>
    </message>
    <message>
        <source>reached on %1</source>
        <translation>бюджет будет достигнут %1</translation>
    </message>
    <message>
        <source>%1 tier: %2 of %3, %4 a week; %5</source>
        <translation>Уровень %1: занято %2, бюджет %3, %4 в неделю; %5</translation>
    </message>
    <message>
        <source>Rollups: %1 rows, %2 rows a week (no retention)</source>
        <translation>Свёртки: строк: %1, в неделю: %2 (хранятся бессрочно)</translation>
    </message>
    <message>
        <source>Rollups: %1 rows (%2)</source>
        <translation>Свёртки: строк: %1 (%2)</translation>
    </message>
    <message>
        <source>Online steady state: %1 rows, %2</source>
        <translation>Установившееся состояние в базе: строк: %1, %2</translation>
    </message>
    <message>
        <source>Online steady state: — (%1)</source>
        <translation>Установившееся состояние в базе: — (%1)</translation>
    </message>
    <message numerus="yes">
        <source>The next run: %n action(s)</source>
        <translation>
            <numerusform>Следующий запуск: %n действие</numerusform>
            <numerusform>Следующий запуск: %n действия</numerusform>
            <numerusform>Следующий запуск: %n действий</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n manifest(s) read</source>
        <translation>
            <numerusform>Прочитан %n манифест</numerusform>
            <numerusform>Прочитано %n манифеста</numerusform>
            <numerusform>Прочитано %n манифестов</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 projected</source>
        <translation>%1 (прогноз)</translation>
    </message>
    <message>
        <source>%1 budget</source>
        <translation>бюджет %1</translation>
    </message>
    <message>
        <source>%1 budget on %2</source>
        <translation>бюджет %1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 tier: %n object(s) archived, %2 by the catalog</source>
        <translation>
            <numerusform>Уровень %1: в архиве %n объект, %2 по каталогу</numerusform>
            <numerusform>Уровень %1: в архиве %n объекта, %2 по каталогу</numerusform>
            <numerusform>Уровень %1: в архиве %n объектов, %2 по каталогу</numerusform>
        </translation>
    </message>
    <message>
        <source>; the archive holds %1</source>
        <translation>; архив занимает %1</translation>
    </message>
    <message>
        <source> of a %1 budget</source>
        <translation> из бюджета %1</translation>
    </message>
    <message>
        <source>, no budget</source>
        <translation>, без бюджета</translation>
    </message>
    <message>
        <source>The archive cannot be read: %1</source>
        <translation>Архив не читается: %1</translation>
    </message>
    <message>
        <source>Forecast adds the weekly growth, the steady state and when each tier reaches its budget.</source>
        <translation>Прогноз добавит прирост в неделю, установившееся состояние и дату, когда каждый уровень достигнет бюджета.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::KudosRoundPanel</name>
    <message>
        <source>Run round</source>
        <translation>Запустить раунд</translation>
    </message>
    <message>
        <source>Move every eligible range on, one state at a time, until nothing eligible is left.</source>
        <translation>Продвинуть каждый подлежащий диапазон на одно состояние за раз, пока подлежащих не останется.</translation>
    </message>
    <message>
        <source>Step one partition</source>
        <translation>Один шаг</translation>
    </message>
    <message>
        <source>Move one range one state forward (the first in order), then stop.</source>
        <translation>Продвинуть один диапазон (первый по порядку) на одно состояние и остановиться.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Hold the round after the current action.</source>
        <translation>Остановить раунд после текущего действия.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Stop the round after the current action; what is committed stays.</source>
        <translation>Прервать раунд после текущего действия; зафиксированное остаётся.</translation>
    </message>
    <message>
        <source>No round running.</source>
        <translation>Раунд не выполняется.</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Раунды запрещены: %1</translation>
    </message>
    <message>
        <source>Paused after the current action. </source>
        <translation>Пауза после текущего действия. </translation>
    </message>
    <message>
        <source>Now: %1</source>
        <translation>Сейчас: %1</translation>
    </message>
    <message>
        <source>Another retention job holds the lock: nothing was done.</source>
        <translation>Блокировку держит другое задание хранения: ничего не сделано.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln action(s) done</source>
        <translation>
            <numerusform>выполнено %Ln действие</numerusform>
            <numerusform>выполнено %Ln действия</numerusform>
            <numerusform>выполнено %Ln действий</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln still to do</source>
        <translation>
            <numerusform>осталось %Ln</numerusform>
            <numerusform>осталось %Ln</numerusform>
            <numerusform>осталось %Ln</numerusform>
        </translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (отменено)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s) added to the catalog</source>
        <translation>
            <numerusform>%Ln диапазон добавлен в каталог</numerusform>
            <numerusform>%Ln диапазона добавлено в каталог</numerusform>
            <numerusform>%Ln диапазонов добавлено в каталог</numerusform>
        </translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>Далее: %1</translation>
    </message>
    <message>
        <source>Nothing moved.</source>
        <translation>Ничего не сдвинулось.</translation>
    </message>
    <message>
        <source>Last: %1</source>
        <translation>Последнее: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln partition(s) created</source>
        <translation>
            <numerusform>создан %Ln раздел</numerusform>
            <numerusform>создано %Ln раздела</numerusform>
            <numerusform>создано %Ln разделов</numerusform>
        </translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Предпросмотр</translation>
    </message>
    <message>
        <source>List every action a round would take now, with the rows each reads; Run then applies exactly that plan.</source>
        <translation>Перечислить все действия, которые раунд выполнил бы сейчас, со строками, которые читает каждое; «Запустить» затем применяет ровно этот план.</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Набор данных</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Таблица</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Диапазон</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строки</translation>
    </message>
    <message>
        <source>The plan: %1 applied, %2 already done, %3 stale, %4 left</source>
        <translation>План: применено %1, уже сделано %2, устарело %3, осталось %4</translation>
    </message>
    <message>
        <source>%1 %2 %3 [%4, %5): %6</source>
        <translation>%1 %2 %3 [%4, %5): %6</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>устарело</translation>
    </message>
    <message>
        <source>left</source>
        <translation>осталось</translation>
    </message>
    <message numerus="yes">
        <source>roll up %Ln range(s)</source>
        <translation>
            <numerusform>свернуть %Ln диапазон</numerusform>
            <numerusform>свернуть %Ln диапазона</numerusform>
            <numerusform>свернуть %Ln диапазонов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>dump %Ln</source>
        <translation>
            <numerusform>выгрузить %Ln</numerusform>
            <numerusform>выгрузить %Ln</numerusform>
            <numerusform>выгрузить %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>checkpoint %Ln</source>
        <translation>
            <numerusform>зафиксировать %Ln</numerusform>
            <numerusform>зафиксировать %Ln</numerusform>
            <numerusform>зафиксировать %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>write the statements of %Ln</source>
        <translation>
            <numerusform>записать выписки %Ln</numerusform>
            <numerusform>записать выписки %Ln</numerusform>
            <numerusform>записать выписки %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>export %Ln</source>
        <translation>
            <numerusform>экспортировать %Ln</numerusform>
            <numerusform>экспортировать %Ln</numerusform>
            <numerusform>экспортировать %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>verify %Ln</source>
        <translation>
            <numerusform>проверить %Ln</numerusform>
            <numerusform>проверить %Ln</numerusform>
            <numerusform>проверить %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>drop %Ln partition(s)</source>
        <translation>
            <numerusform>удалить %Ln секцию</numerusform>
            <numerusform>удалить %Ln секции</numerusform>
            <numerusform>удалить %Ln секций</numerusform>
        </translation>
    </message>
    <message>
        <source>The preview found nothing to do.</source>
        <translation>Предпросмотр не нашёл работы.</translation>
    </message>
    <message>
        <source>Run applies this plan: %1.</source>
        <translation>«Запустить» применит этот план: %1.</translation>
    </message>
    <message>
        <source>The last round&apos;s report shows here.</source>
        <translation>Здесь появится отчёт последнего раунда.</translation>
    </message>
    <message numerus="yes">
        <source>Dry run: a round would take %Ln action(s)</source>
        <translation>
            <numerusform>Пробный прогон: раунд выполнил бы %Ln действие</numerusform>
            <numerusform>Пробный прогон: раунд выполнил бы %Ln действия</numerusform>
            <numerusform>Пробный прогон: раунд выполнил бы %Ln действий</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s) would be added to the catalog</source>
        <translation>
            <numerusform>в каталог был бы добавлен %Ln диапазон</numerusform>
            <numerusform>в каталог было бы добавлено %Ln диапазона</numerusform>
            <numerusform>в каталог было бы добавлено %Ln диапазонов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln partition(s) would be created</source>
        <translation>
            <numerusform>был бы создан %Ln раздел</numerusform>
            <numerusform>было бы создано %Ln раздела</numerusform>
            <numerusform>было бы создано %Ln разделов</numerusform>
        </translation>
    </message>
    <message>
        <source>First: %1</source>
        <translation>Первым: %1</translation>
    </message>
    <message>
        <source>The dry run is done: nothing was changed.</source>
        <translation>Пробный прогон завершён: ничего не изменено.</translation>
    </message>
    <message>
        <source>%1 → %2 · %3 rows · %4</source>
        <translation>%1 → %2 · строк: %3 · %4</translation>
    </message>
    <message>
        <source>Rehearse…</source>
        <translation>Репетиция…</translation>
    </message>
    <message>
        <source>On a restored copy of production: run the swap, the first ranges through retention and restores, measure them and say whether production is ready.</source>
        <translation>На восстановленной копии рабочей базы: выполнить замену разделов, провести первые диапазоны через хранение и восстановление, измерить их и сказать, готова ли рабочая база.</translation>
    </message>
    <message>
        <source>Rehearsals are refused: %1</source>
        <translation>Репетиции отклоняются: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::KudosWorkbench</name>
    <message>
        <source>Not connected.</source>
        <translation>Не подключено.</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Раунд</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Бюджет</translation>
    </message>
    <message>
        <source>Incidents &amp;&amp; alerts</source>
        <translation>Инциденты и тревоги</translation>
    </message>
    <message>
        <source>Quarantine</source>
        <translation>Карантин</translation>
    </message>
    <message>
        <source>Reconciliation</source>
        <translation>Сверка</translation>
    </message>
    <message>
        <source>Disclosure</source>
        <translation>Раскрытие</translation>
    </message>
    <message>
        <source>Loading the kudos ranges…</source>
        <translation>Загрузка диапазонов kudos…</translation>
    </message>
    <message>
        <source>The kudos ranges did not load: %1</source>
        <translation>Диапазоны kudos не загрузились: %1</translation>
    </message>
    <message>
        <source>The kudos settings are not valid, so rounds are refused until they are fixed: %1</source>
        <translation>Настройки kudos неверны, поэтому раунды запрещены, пока их не исправят: %1</translation>
    </message>
    <message>
        <source>not connected to a kudos database</source>
        <translation>нет подключения к базе kudos</translation>
    </message>
    <message numerus="yes">
        <source>%Ln range(s)</source>
        <translation>
            <numerusform>%Ln диапазон</numerusform>
            <numerusform>%Ln диапазона</numerusform>
            <numerusform>%Ln диапазонов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln eligible and not started</source>
        <translation>
            <numerusform>%Ln подлежит и не начат</numerusform>
            <numerusform>%Ln подлежат и не начаты</numerusform>
            <numerusform>%Ln подлежат и не начаты</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dropped</source>
        <translation>
            <numerusform>%Ln удалён</numerusform>
            <numerusform>%Ln удалено</numerusform>
            <numerusform>%Ln удалено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln incident(s)</source>
        <translation>
            <numerusform>%Ln инцидент</numerusform>
            <numerusform>%Ln инцидента</numerusform>
            <numerusform>%Ln инцидентов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln quarantined row(s) listed</source>
        <translation>
            <numerusform>%Ln строка в карантине</numerusform>
            <numerusform>%Ln строки в карантине</numerusform>
            <numerusform>%Ln строк в карантине</numerusform>
        </translation>
    </message>
    <message>
        <source>archive not reachable</source>
        <translation>архив недоступен</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Раунды запрещены: %1</translation>
    </message>
    <message>
        <source>Cancelled between two actions: what was committed stays.</source>
        <translation>Отменено между двумя действиями: зафиксированное остаётся.</translation>
    </message>
    <message>
        <source>Partition the tables</source>
        <translation>Секционировать таблицы</translation>
    </message>
    <message>
        <source>Run the partition swap (tidemark-cli kudos swap): kudos_ledger and kudos_stat_events become partitioned by created, with a short exclusive lock.</source>
        <translation>Выполнить замену разделов (tidemark-cli kudos swap): kudos_ledger и kudos_stat_events секционируются по created с короткой исключительной блокировкой.</translation>
    </message>
    <message>
        <source>Partitioning the kudos tables…</source>
        <translation>Секционирование таблиц kudos…</translation>
    </message>
    <message>
        <source>The partition swap failed: %1</source>
        <translation>Замена разделов не удалась: %1</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Ёмкость</translation>
    </message>
    <message>
        <source>Apply the previewed plan to %1: %2?</source>
        <translation>Применить просмотренный план к %1: %2?</translation>
    </message>
    <message>
        <source>Apply the kudos plan</source>
        <translation>Применить план кудосов</translation>
    </message>
    <message>
        <source>Kudos</source>
        <translation>Kudos</translation>
    </message>
    <message>
        <source>the kudos database did not load: %1</source>
        <translation>база kudos не загрузилась: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::LibraryVersions</name>
    <message>
        <source>not available</source>
        <translation>недоступна</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::MainWindow</name>
    <message>
        <source>Tidemark</source>
        <translation>Tidemark</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Задачи</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Подключиться…</translation>
    </message>
    <message>
        <source>Open &amp;demo workspace</source>
        <translation>Открыть &amp;демо-пространство</translation>
    </message>
    <message>
        <source>&amp;Reload all</source>
        <translation>&amp;Обновить всё</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Настройки</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Язык системы</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About Tidemark</source>
        <translation>&amp;О программе Tidemark</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>О &amp;Qt</translation>
    </message>
    <message>
        <source>Starting the demo workspace… The first start generates its data and takes about a minute.</source>
        <translation>Запуск демо-пространства… При первом запуске генерируются данные, это занимает около минуты.</translation>
    </message>
    <message>
        <source>Starting the demo workspace…</source>
        <translation>Запуск демо-пространства…</translation>
    </message>
    <message>
        <source>The demo workspace did not start: %1</source>
        <translation>Демо-пространство не запустилось: %1</translation>
    </message>
    <message>
        <source>The demo workspace did not start</source>
        <translation>Демо-пространство не запустилось</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>The new language is used when Tidemark starts again.</source>
        <translation>Новый язык будет применён при следующем запуске Tidemark.</translation>
    </message>
    <message>
        <source>positions: %1</source>
        <translation>позиции: %1</translation>
    </message>
    <message>
        <source>kudos: %1</source>
        <translation>kudos: %1</translation>
    </message>
    <message>
        <source>tracks: %1</source>
        <translation>треки: %1</translation>
    </message>
    <message>
        <source>archive: %1</source>
        <translation>архив: %1</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Не подключено</translation>
    </message>
    <message>
        <source>No jobs running</source>
        <translation>Нет активных задач</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) running</source>
        <translation>
            <numerusform>Выполняется %n задача</numerusform>
            <numerusform>Выполняются %n задачи</numerusform>
            <numerusform>Выполняется %n задач</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Base map</source>
        <translation>&amp;Подложка карты</translation>
    </message>
    <message>
        <source>&amp;Neutral grid (offline)</source>
        <translation>&amp;Нейтральная сетка (без сети)</translation>
    </message>
    <message>
        <source>&amp;XYZ tiles…</source>
        <translation>Тайлы &amp;XYZ…</translation>
    </message>
    <message>
        <source>XYZ tiles</source>
        <translation>Тайлы XYZ</translation>
    </message>
    <message>
        <source>URL template with {z}, {x} and {y} (respect the tile server&apos;s usage policy). A key in its query is used for this session only, never saved; TIDEMARK_TILES_URL provides it at start:</source>
        <translation>Шаблон URL с {z}, {x} и {y} (соблюдайте правила использования сервера тайлов). Ключ в параметрах запроса используется только в этом сеансе и не сохраняется; при запуске его даёт TIDEMARK_TILES_URL:</translation>
    </message>
    <message>
        <source>&amp;MBTiles file…</source>
        <translation>Файл &amp;MBTiles…</translation>
    </message>
    <message>
        <source>MBTiles file</source>
        <translation>Файл MBTiles</translation>
    </message>
    <message>
        <source>MBTiles (*.mbtiles)</source>
        <translation>MBTiles (*.mbtiles)</translation>
    </message>
    <message>
        <source>Base map not changed: %1</source>
        <translation>Подложка не изменена: %1</translation>
    </message>
    <message>
        <source>&amp;Workbench</source>
        <translation>&amp;Рабочая область</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Перезагрузить</translation>
    </message>
    <message>
        <source>Load the dataset of the workbench in front again</source>
        <translation>Заново загрузить набор данных открытой рабочей области</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>П&amp;редпросмотр</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <translation>&amp;Запустить</translation>
    </message>
    <message>
        <source>Run the workbench&apos;s round (tracks: delete the previewed tracks, after asking)</source>
        <translation>Запустить раунд рабочей области (треки: удалить показанные треки после подтверждения)</translation>
    </message>
    <message>
        <source>P&amp;ause</source>
        <translation>П&amp;ауза</translation>
    </message>
    <message>
        <source>Pause the running round, or resume the paused one</source>
        <translation>Приостановить идущий раунд или продолжить приостановленный</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Отменить</translation>
    </message>
    <message>
        <source>Cancel the running round (positions: or the preview)</source>
        <translation>Отменить идущий раунд (позиции: или предпросмотр)</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>Пр&amp;одолжить</translation>
    </message>
    <message>
        <source>Preview what a round would do (positions: the preview; kudos: the dry run; tracks: the retention preview)</source>
        <translation>Показать, что сделал бы раунд (позиции: предпросмотр; kudos: пробный прогон; треки: предпросмотр хранения)</translation>
    </message>
    <message>
        <source>&amp;Help on this workbench</source>
        <translation>Справка по &amp;рабочей области</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>&amp;Содержание</translation>
    </message>
    <message>
        <source>Starting the demo workspace</source>
        <translation>Запуск демо-окружения</translation>
    </message>
    <message>
        <source>directory %1</source>
        <translation>каталог %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::MapView</name>
    <message>
        <source>Zoom to fit</source>
        <translation>Показать всё</translation>
    </message>
    <message>
        <source>Show all of the map&apos;s data (%1)</source>
        <translation>Показать все данные карты (%1)</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PartitionTimeline</name>
    <message>
        <source>online</source>
        <translation>в сети</translation>
    </message>
    <message>
        <source>eligible, not started</source>
        <translation>подлежит, не начат</translation>
    </message>
    <message>
        <source>rolled up / checkpointed</source>
        <translation>свёрнут / контрольная точка</translation>
    </message>
    <message>
        <source>archived</source>
        <translation>в архиве</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>удалён</translation>
    </message>
    <message>
        <source>dump failed</source>
        <translation>выгрузка не удалась</translation>
    </message>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>currency</source>
        <translation>валюта</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>статистика</translation>
    </message>
    <message>
        <source>No ranges loaded.</source>
        <translation>Диапазоны не загружены.</translation>
    </message>
    <message numerus="yes">
        <source>now − %Ln day(s)</source>
        <translation>
            <numerusform>сейчас − %Ln день</numerusform>
            <numerusform>сейчас − %Ln дня</numerusform>
            <numerusform>сейчас − %Ln дней</numerusform>
        </translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>Состояние: %1</translation>
    </message>
    <message>
        <source>Rows: %1 · unapplied: %2</source>
        <translation>Строк: %1 · не применено: %2</translation>
    </message>
    <message>
        <source> · quarantined: %1</source>
        <translation> · в карантине: %1</translation>
    </message>
    <message>
        <source>Eligible from %1</source>
        <translation>Подлежит с %1</translation>
    </message>
    <message>
        <source>Archive: %1</source>
        <translation>Архив: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PlanDialog</name>
    <message>
        <source>mower %1, slice %2 – %3</source>
        <translation>косилка %1, срез %2 – %3</translation>
    </message>
    <message>
        <source>rows older than %1</source>
        <translation>строки старше %1</translation>
    </message>
    <message>
        <source>%1 %2 %3 (%4 – %5)</source>
        <translation>%1 %2 %3 (%4 – %5)</translation>
    </message>
    <message>
        <source>track %1, created %2</source>
        <translation>трек %1, создан %2</translation>
    </message>
    <message>
        <source>Plan %1</source>
        <translation>План %1</translation>
    </message>
    <message>
        <source>Made %1 by %2 (%3), expires %4.
sha256 %5</source>
        <translation>Составлен %1 пользователем %2 (%3), действует до %4.
sha256 %5</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>Набор данных</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Единица</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Строки</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>planned</source>
        <translation>запланировано</translation>
    </message>
    <message>
        <source>The plan holds no units to apply.</source>
        <translation>В плане нет единиц для применения.</translation>
    </message>
    <message>
        <source>Apply…</source>
        <translation>Применить…</translation>
    </message>
    <message>
        <source>Apply exactly these units where the plan was made (the datasets connected now must be the same databases and files): a unit changed since is skipped and named.</source>
        <translation>Применить в точности эти единицы там, где составлен план (подключённые сейчас наборы данных должны быть теми же базами и файлами): изменённая с тех пор единица пропускается и называется.</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>Применяется…</translation>
    </message>
    <message>
        <source>Refused, nothing was changed: %1</source>
        <translation>Отклонено, ничего не изменено: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln track(s) to delete, at %2</source>
        <translation>
            <numerusform>%1: к удалению %Ln трек, в %2</numerusform>
            <numerusform>%1: к удалению %Ln трека, в %2</numerusform>
            <numerusform>%1: к удалению %Ln треков, в %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln unit(s), %2 row(s), at %3</source>
        <translation>
            <numerusform>%1: %Ln единица, строк: %2, в %3</numerusform>
            <numerusform>%1: %Ln единицы, строк: %2, в %3</numerusform>
            <numerusform>%1: %Ln единиц, строк: %2, в %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Ignore the window</source>
        <translation>Без учёта окна</translation>
    </message>
    <message>
        <source>Thin the plan&apos;s positions slices even outside the nightly maintenance window.</source>
        <translation>Прореживать срезы позиций из плана даже вне ночного окна обслуживания.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PositionsCapacityPanel</name>
    <message>
        <source>Forecast</source>
        <translation>Прогноз</translation>
    </message>
    <message>
        <source>Read-only: judge the sampled mowers as a round would, and project the table.</source>
        <translation>Только чтение: оценить косилки из выборки так, как это сделал бы раунд, и спрогнозировать таблицу.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>all mowers</source>
        <translation>все косилки</translation>
    </message>
    <message>
        <source> mowers</source>
        <translation> косилок</translation>
    </message>
    <message>
        <source>The mowers judged, drawn by a fixed seed (0: every mower).</source>
        <translation>Сколько косилок оценивать; они выбираются с фиксированным начальным значением генератора (0 — все косилки).</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Выборка</translation>
    </message>
    <message>
        <source>Table rows: history from the sample, projection by band</source>
        <translation>Строки таблицы: история по выборке, прогноз по категориям строк</translation>
    </message>
    <message>
        <source>Run a forecast to see the table&apos;s rows and where retention takes them.</source>
        <translation>Запустите прогноз, чтобы увидеть строки таблицы и то, как их изменит хранение.</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>Что если</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Rows judged</source>
        <translation>Оценено строк</translation>
    </message>
    <message>
        <source>Rows kept</source>
        <translation>Оставлено строк</translation>
    </message>
    <message>
        <source>Saved vs configured</source>
        <translation>Экономия к текущим</translation>
    </message>
    <message>
        <source>Worst coverage deviation</source>
        <translation>Худшее отклонение покрытия</translation>
    </message>
    <message>
        <source>12 % check</source>
        <translation>Проверка 12 %</translation>
    </message>
    <message>
        <source>Forecast with the what-if</source>
        <translation>Прогноз с учётом «что если»</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>Connect to a positions database first.</source>
        <translation>Сначала подключитесь к базе позиций.</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>запуск</translation>
    </message>
    <message>
        <source>%1 rows a day over the last 14 days</source>
        <translation>Строк в день за последние 14 дней: %1</translation>
    </message>
    <message>
        <source>Rows a day: — (%1)</source>
        <translation>Строк в день: — (%1)</translation>
    </message>
    <message>
        <source>Sample: %1 of %2 mowers; a round would judge %3 rows now and keep %4 (ratio %5); worst coverage deviation %6</source>
        <translation>Выборка: %1 из %2 косилок; раунд сейчас оценил бы строк: %3 и оставил бы %4 (доля %5); худшее отклонение покрытия %6</translation>
    </message>
    <message>
        <source>Steady state: %1 rows, %2</source>
        <translation>Установившееся состояние: строк: %1, %2</translation>
    </message>
    <message>
        <source>Steady state: — (%1)</source>
        <translation>Установившееся состояние: — (%1)</translation>
    </message>
    <message numerus="yes">
        <source>Catch-up: %1 slices pending, %n night(s) at the recorded pace</source>
        <translation>
            <numerusform>Наверстывание: ожидают срезов: %1, %n ночь в записанном темпе</numerusform>
            <numerusform>Наверстывание: ожидают срезов: %1, %n ночи в записанном темпе</numerusform>
            <numerusform>Наверстывание: ожидают срезов: %1, %n ночей в записанном темпе</numerusform>
        </translation>
    </message>
    <message>
        <source>Catch-up: %1 slices pending (%2)</source>
        <translation>Наверстывание: ожидают срезов: %1 (%2)</translation>
    </message>
    <message>
        <source>table rows</source>
        <translation>строки таблицы</translation>
    </message>
    <message>
        <source>projected rows</source>
        <translation>прогноз строк</translation>
    </message>
    <message>
        <source>of them thinned</source>
        <translation>из них прорежено</translation>
    </message>
    <message>
        <source>steady state %1</source>
        <translation>установившееся состояние %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>наверстано</translation>
    </message>
    <message>
        <source>passes</source>
        <translation>проходит</translation>
    </message>
    <message>
        <source>fails</source>
        <translation>не проходит</translation>
    </message>
    <message>
        <source>configured</source>
        <translation>текущие</translation>
    </message>
    <message>
        <source>%1 slices pending for the next rounds</source>
        <translation>Срезов ждут следующих раундов: %1</translation>
    </message>
    <message>
        <source>Forecast adds the rows a day, what thinning keeps, the steady state and the catch-up.</source>
        <translation>Прогноз добавит строки в день, долю, которую оставит прореживание, установившееся состояние и наверстывание.</translation>
    </message>
    <message numerus="yes">
        <source>Now: %n mower(s), %1</source>
        <translation>
            <numerusform>Сейчас: %n косилка, %1</numerusform>
            <numerusform>Сейчас: %n косилки, %1</numerusform>
            <numerusform>Сейчас: %n косилок, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>none measured</source>
        <translation>не измерено</translation>
    </message>
    <message>
        <source>no rows to compare: already thinned</source>
        <translation>нечего сравнивать: уже прорежено</translation>
    </message>
    <message>
        <source>not checked: no range with coverage</source>
        <translation>не проверено: нет диапазона с покрытием</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PositionsWorkbench</name>
    <message>
        <source>Last 7 days</source>
        <translation>Последние 7 дней</translation>
    </message>
    <message>
        <source>The last 7 days of the mower&apos;s data.</source>
        <translation>Последние 7 дней данных косилки.</translation>
    </message>
    <message>
        <source>Week before the detail window</source>
        <translation>Неделя до окна детализации</translation>
    </message>
    <message>
        <source>The week just older than the detail window: what the next rounds thin.</source>
        <translation>Неделя сразу за окном детализации: её прорежут следующие раунды.</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Предпросмотр</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>Раунды</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Mowers</source>
        <translation>Косилки</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Диапазон</translation>
    </message>
    <message>
        <source>From</source>
        <translation>С</translation>
    </message>
    <message>
        <source>To</source>
        <translation>По</translation>
    </message>
    <message>
        <source>The whole range is older than the detail window (cutoff %1): a round thins it.</source>
        <translation>Весь диапазон старше окна детализации (граница %1): раунд его прорежет.</translation>
    </message>
    <message>
        <source>The whole range is inside the detail window (cutoff %1): a round leaves it alone.</source>
        <translation>Весь диапазон внутри окна детализации (граница %1): раунд его не затронет.</translation>
    </message>
    <message>
        <source>The range straddles the cutoff %1: only its older part is thinned.</source>
        <translation>Диапазон пересекает границу %1: прореживается только его более старая часть.</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>The positions settings are not valid, so rounds are refused until they are fixed (previews use the defaults): %1</source>
        <translation>Настройки позиций некорректны, поэтому раунды отклоняются, пока их не исправят (предпросмотр использует значения по умолчанию): %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Отменено.</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Ёмкость</translation>
    </message>
    <message>
        <source>Check to show, drag to reorder.</source>
        <translation>Отметьте, чтобы показать; перетащите, чтобы изменить порядок.</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Слои</translation>
    </message>
    <message numerus="yes">
        <source>Apply %1: thin %Ln slice(s) of %2 mower(s), delete %3 row(s)</source>
        <translation>
            <numerusform>Применить %1: проредить %Ln срез у косилок: %2, удалить строк: %3</numerusform>
            <numerusform>Применить %1: проредить %Ln среза у косилок: %2, удалить строк: %3</numerusform>
            <numerusform>Применить %1: проредить %Ln срезов у косилок: %2, удалить строк: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>, and %1 row(s) older than the retention</source>
        <translation>, и строк старше срока хранения: %1</translation>
    </message>
    <message>
        <source>.

Only these are done: a slice written since the plan is skipped and named, and nothing that became due since is touched.</source>
        <translation>.

Делается только это: срез, в который писали после плана, пропускается и называется, а то, чему пришёл срок позже, не трогается.</translation>
    </message>
    <message>
        <source>Apply the plan</source>
        <translation>Применить план</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Применить</translation>
    </message>
    <message numerus="yes">
        <source>Run applies %1: %Ln slice(s) of %2 mower(s), %3 row(s) to delete</source>
        <translation>
            <numerusform>«Запустить» применит %1: %Ln срез у косилок: %2, к удалению строк: %3</numerusform>
            <numerusform>«Запустить» применит %1: %Ln среза у косилок: %2, к удалению строк: %3</numerusform>
            <numerusform>«Запустить» применит %1: %Ln срезов у косилок: %2, к удалению строк: %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Позиции</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PreviewLayers</name>
    <message>
        <source>mnet signal</source>
        <translation>сигнал mnet</translation>
    </message>
    <message>
        <source>Median mobile network RSSI per signal cell of the range.</source>
        <translation>Медианный RSSI мобильной сети по ячейкам сигнала диапазона.</translation>
    </message>
    <message>
        <source>wifi signal</source>
        <translation>сигнал Wi-Fi</translation>
    </message>
    <message>
        <source>Median wifi RSSI per signal cell of the range.</source>
        <translation>Медианный RSSI Wi-Fi по ячейкам сигнала диапазона.</translation>
    </message>
    <message>
        <source>rtk fix</source>
        <translation>фиксация RTK</translation>
    </message>
    <message>
        <source>Share of rows with a fixed RTK solution per signal cell.</source>
        <translation>Доля строк с фиксированным решением RTK по ячейкам сигнала.</translation>
    </message>
    <message>
        <source>coverage before</source>
        <translation>покрытие до</translation>
    </message>
    <message>
        <source>Cells the raw rows cover (swath, normal join limits).</source>
        <translation>Ячейки, покрытые исходными строками (полоса, обычные пределы соединения).</translation>
    </message>
    <message>
        <source>coverage after</source>
        <translation>покрытие после</translation>
    </message>
    <message>
        <source>Cells the survivors cover with the wider join of thinned rows.</source>
        <translation>Ячейки, покрытые оставшимися строками с расширенным соединением прореженных строк.</translation>
    </message>
    <message>
        <source>coverage difference</source>
        <translation>разница покрытия</translation>
    </message>
    <message>
        <source>Cells the thinning loses (red) or gains (blue); grey is unchanged.</source>
        <translation>Ячейки, которые прореживание теряет (красные) или добавляет (синие); серые не меняются.</translation>
    </message>
    <message>
        <source>raw track</source>
        <translation>исходный трек</translation>
    </message>
    <message>
        <source>Every row of the range as the table holds it, with its path.</source>
        <translation>Все строки диапазона в том виде, в каком их хранит таблица, с путём.</translation>
    </message>
    <message>
        <source>removed rows</source>
        <translation>удаляемые строки</translation>
    </message>
    <message>
        <source>Rows a round would delete.</source>
        <translation>Строки, которые удалит раунд.</translation>
    </message>
    <message>
        <source>survivors by reason</source>
        <translation>оставшиеся по причинам</translation>
    </message>
    <message>
        <source>Rows a round keeps, coloured by their main reason.</source>
        <translation>Строки, которые раунд оставит, окрашены по главной причине.</translation>
    </message>
    <message>
        <source>picked row</source>
        <translation>выбранная строка</translation>
    </message>
    <message>
        <source>The row shown in the inspector.</source>
        <translation>Строка, показанная в инспекторе.</translation>
    </message>
    <message>
        <source>covered</source>
        <translation>покрыто</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>без изменений</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>потеряно</translation>
    </message>
    <message>
        <source>gained</source>
        <translation>добавлено</translation>
    </message>
    <message>
        <source>no fix</source>
        <translation>нет фиксации</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>фиксация</translation>
    </message>
    <message>
        <source>−100 dBm</source>
        <translation>−100 дБм</translation>
    </message>
    <message>
        <source>−40 dBm</source>
        <translation>−40 дБм</translation>
    </message>
    <message>
        <source>kept: time bin</source>
        <translation>оставлена: временной интервал</translation>
    </message>
    <message>
        <source>kept: gap</source>
        <translation>оставлена: разрыв</translation>
    </message>
    <message>
        <source>kept: blades on/off</source>
        <translation>оставлена: ножи вкл./выкл.</translation>
    </message>
    <message>
        <source>kept: rtk change</source>
        <translation>оставлена: смена RTK</translation>
    </message>
    <message>
        <source>kept: turn</source>
        <translation>оставлена: разворот</translation>
    </message>
    <message>
        <source>kept: error</source>
        <translation>оставлена: ошибка</translation>
    </message>
    <message>
        <source>left alone (detail window or already thinned)</source>
        <translation>не затронута (окно детализации или уже прорежена)</translation>
    </message>
    <message>
        <source>between</source>
        <translation>между</translation>
    </message>
    <message>
        <source>raw row</source>
        <translation>исходная строка</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>удалена</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::PreviewPanel</name>
    <message>
        <source>Preview</source>
        <translation>Предпросмотр</translation>
    </message>
    <message>
        <source>Load the range and run keep_set on it exactly as a round would; nothing is deleted.</source>
        <translation>Загрузить диапазон и выполнить на нём keep_set точно так же, как раунд; ничего не удаляется.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>ожидание</translation>
    </message>
    <message>
        <source>Select a mower and a range, then Preview.</source>
        <translation>Выберите косилку и диапазон, затем нажмите «Предпросмотр».</translation>
    </message>
    <message>
        <source>Click a point on the map to see its row and why it is kept or removed.</source>
        <translation>Щёлкните точку на карте, чтобы увидеть её строку и причину, по которой она остаётся или удаляется.</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>запуск</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>No row near the click.</source>
        <translation>Рядом с точкой щелчка нет строк.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>вкл.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>норма</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>не прошла</translation>
    </message>
    <message>
        <source>no coverage in the range</source>
        <translation>в диапазоне нет покрытия</translation>
    </message>
    <message>
        <source> · worst day %1: deviation %2 % (the verdict is on the range)</source>
        <translation> · худший день %1: отклонение %2 % (вердикт — по всему диапазону)</translation>
    </message>
    <message>
        <source>loaded %1 rows in %2</source>
        <translation>загружено строк: %1 за %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 · blades %3 · rtk %4 · wifi %5 · mnet %6 · speed %7&lt;br&gt;&lt;b style=&apos;color:%8&apos;&gt;%9&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 · ножи %3 · rtk %4 · wifi %5 · mnet %6 · скорость %7&lt;br&gt;&lt;b style=&apos;color:%8&apos;&gt;%9&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 m/s</source>
        <translation>%1 м/с</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 rows&lt;/b&gt; in %2 – %3&lt;br&gt;&lt;b style=&apos;color:#1b7a2f&apos;&gt;kept %4&lt;/b&gt; (by keep_set %5, detail window %6, thinned earlier %7) · &lt;b style=&apos;color:#c0392b&apos;&gt;removed %8&lt;/b&gt; (%9 %)&lt;br&gt;reasons: %10&lt;br&gt;coverage: before %11 m², after %12 m² (normal join %13 m²), deviation %14 % — &lt;b style=&apos;color:%15&apos;&gt;%16&lt;/b&gt;%21&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;cutoff %17 · %18 slices run · keep_set %19 · coverage %20&lt;/span&gt;</source>
        <translation>&lt;b&gt;Строк: %1&lt;/b&gt; за %2 – %3&lt;br&gt;&lt;b style=&apos;color:#1b7a2f&apos;&gt;остаётся %4&lt;/b&gt; (keep_set %5, окно детализации %6, прорежено ранее %7) · &lt;b style=&apos;color:#c0392b&apos;&gt;удаляется %8&lt;/b&gt; (%9 %)&lt;br&gt;причины: %10&lt;br&gt;покрытие: до %11 м², после %12 м² (обычное соединение %13 м²), отклонение %14 % — &lt;b style=&apos;color:%15&apos;&gt;%16&lt;/b&gt;%21&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;граница %17 · выполнено срезов: %18 · keep_set %19 · покрытие %20&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::ReconciliationPanel</name>
    <message>
        <source>Reconcile</source>
        <translation>Сверить</translation>
    </message>
    <message>
        <source>Compare every user&apos;s balance with the newest snapshot plus what the ledger applied since (read-only).</source>
        <translation>Сравнить баланс каждого пользователя с последним снимком плюс применённым в журнале с тех пор (только чтение).</translation>
    </message>
    <message>
        <source>Take snapshot</source>
        <translation>Сделать снимок</translation>
    </message>
    <message>
        <source>Record every user&apos;s balance now: later reconciliations compare against it.</source>
        <translation>Записать баланс каждого пользователя сейчас: последующие сверки сравнивают с ним.</translation>
    </message>
    <message>
        <source>Not reconciled yet.</source>
        <translation>Сверки ещё не было.</translation>
    </message>
    <message>
        <source>Reconciling…</source>
        <translation>Сверка…</translation>
    </message>
    <message>
        <source>There is no balance snapshot yet, so nothing was compared. Take one (Take snapshot) and reconcile later.</source>
        <translation>Снимка балансов ещё нет, поэтому ничего не сравнивалось. Сделайте снимок (Сделать снимок) и сверьте позже.</translation>
    </message>
    <message>
        <source>%1 users checked, &lt;b&gt;%2 drifting&lt;/b&gt;, total drift %3 kudos.</source>
        <translation>Проверено пользователей: %1, &lt;b&gt;с расхождением: %2&lt;/b&gt;, общее расхождение %3 kudos.</translation>
    </message>
    <message numerus="yes">
        <source>Snapshot of %1 (%Ln day(s) old, checkpoint generation %2).</source>
        <translation>
            <numerusform>Снимок от %1 (возраст %Ln день, поколение контрольной точки %2).</numerusform>
            <numerusform>Снимок от %1 (возраст %Ln дня, поколение контрольной точки %2).</numerusform>
            <numerusform>Снимок от %1 (возраст %Ln дней, поколение контрольной точки %2).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RehearsalDialog</name>
    <message>
        <source>Rehearse retention on a copy</source>
        <translation>Репетиция хранения на копии</translation>
    </message>
    <message>
        <source>The rehearsal runs on a restored copy of production what retention will run there, and measures it: the partition swap while a writer inserts, the first eligible range of each dataset through its chain, restores of the exported object and the plans of the application&apos;s reads. It changes the copy: it swaps the tables, rolls up, exports and drops partitions. It refuses a database that other sessions are connected to.</source>
        <translation>Репетиция выполняет на восстановленной копии рабочей базы то, что хранение будет выполнять там, и измеряет это: замену разделов во время вставок пишущего клиента, первый подходящий диапазон каждого набора данных через всю его цепочку, восстановление выгруженного объекта и планы запросов приложения на чтение. Она изменяет копию: заменяет таблицы, сворачивает, выгружает и удаляет разделы. Базу данных, к которой подключены другие сеансы, она отклоняет.</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> мс</translation>
    </message>
    <message>
        <source>The longest exclusive lock a writer may wait for during the swap or a drop for the verdict to be go (KUDOS_REHEARSAL_MAX_LOCK_MS).</source>
        <translation>Самая долгая исключительная блокировка, которую пишущий клиент может ждать во время замены разделов или удаления, чтобы вердикт был «можно» (KUDOS_REHEARSAL_MAX_LOCK_MS).</translation>
    </message>
    <message>
        <source>A scratch archive of its own (removed after)</source>
        <translation>Собственный временный архив (удаляется после)</translation>
    </message>
    <message>
        <source>The workspace&apos;s archive</source>
        <translation>Архив рабочего пространства</translation>
    </message>
    <message>
        <source>Only an archive initialised for this copy: the rehearsal refuses one made for another database.</source>
        <translation>Только архив, инициализированный для этой копии: архив другой базы данных репетиция отклоняет.</translation>
    </message>
    <message>
        <source>Lock limit:</source>
        <translation>Предел блокировки:</translation>
    </message>
    <message>
        <source>Archive:</source>
        <translation>Архив:</translation>
    </message>
    <message>
        <source>The rehearsal&apos;s report shows here.</source>
        <translation>Здесь появится отчёт репетиции.</translation>
    </message>
    <message>
        <source>Rehearse</source>
        <translation>Репетировать</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Stop the rehearsal between two steps; its scratch archive and files are removed, what it changed on the copy stays.</source>
        <translation>Остановить репетицию между двумя шагами; её временный архив и файлы удаляются, а то, что она изменила в копии, остаётся.</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Сохранить…</translation>
    </message>
    <message>
        <source>Save the report as text, or as JSON in a file whose name ends in .json.</source>
        <translation>Сохранить отчёт как текст или как JSON в файл, имя которого оканчивается на .json.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>The copy&apos;s name:</source>
        <translation>Имя копии:</translation>
    </message>
    <message>
        <source>Not connected to a kudos database.</source>
        <translation>Нет подключения к базе данных kudos.</translation>
    </message>
    <message>
        <source>The kudos settings are not valid: %1</source>
        <translation>Настройки kudos неверны: %1</translation>
    </message>
    <message>
        <source>Waiting for the kudos database to load.</source>
        <translation>Ожидание загрузки базы данных kudos.</translation>
    </message>
    <message>
        <source>The kudos database did not load.</source>
        <translation>База данных kudos не загрузилась.</translation>
    </message>
    <message>
        <source>A retention round runs on this database: rehearse when it has ended.</source>
        <translation>На этой базе данных идёт раунд хранения: репетируйте, когда он закончится.</translation>
    </message>
    <message>
        <source>Type the name of the database, %1, to enable Rehearse: the rehearsal changes it.</source>
        <translation>Введите имя базы данных, %1, чтобы включить «Репетировать»: репетиция изменяет её.</translation>
    </message>
    <message>
        <source>Rehearse on %1: it swaps, rolls up, exports and drops there.</source>
        <translation>Репетировать на %1: там будут замена разделов, свёртка, выгрузка и удаление.</translation>
    </message>
    <message>
        <source>Starting the rehearsal…</source>
        <translation>Запуск репетиции…</translation>
    </message>
    <message>
        <source>Cancelled between two steps: what the rehearsal changed on the copy stays.</source>
        <translation>Отменено между двумя шагами: то, что репетиция изменила в копии, остаётся.</translation>
    </message>
    <message>
        <source>Done in %1.</source>
        <translation>Готово за %1.</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Можно</translation>
    </message>
    <message>
        <source>Not yet</source>
        <translation>Пока нет</translation>
    </message>
    <message>
        <source>go</source>
        <translation>можно</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>пока нет</translation>
    </message>
    <message>
        <source>The rehearsal was cancelled.</source>
        <translation>Репетиция была отменена.</translation>
    </message>
    <message>
        <source>Save the rehearsal&apos;s report</source>
        <translation>Сохранить отчёт репетиции</translation>
    </message>
    <message>
        <source>Text (*.txt);;JSON (*.json)</source>
        <translation>Текст (*.txt);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>Сохранено в %1.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundHistoryChart</name>
    <message>
        <source>No rounds recorded yet.</source>
        <translation>Раундов ещё не было.</translation>
    </message>
    <message>
        <source>Rows per round</source>
        <translation>Строк за раунд</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>удалено</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>оставлено</translation>
    </message>
    <message>
        <source>dry run</source>
        <translation>пробный прогон</translation>
    </message>
    <message>
        <source>a dry run: nothing was deleted</source>
        <translation>пробный прогон: ничего не удалено</translation>
    </message>
    <message>
        <source>scanned %1 in %2</source>
        <translation>просмотрено %1 за %2</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::RoundPanel</name>
    <message>
        <source>Run</source>
        <translation>Запустить</translation>
    </message>
    <message>
        <source>Run a retention round now: age delete, then thinning slice by slice.</source>
        <translation>Запустить раунд сейчас: удаление по возрасту, затем прореживание срез за срезом.</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>Пробный запуск</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Пауза</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Продолжить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Ignore the window</source>
        <translation>Без учёта окна</translation>
    </message>
    <message>
        <source>Thin even outside the nightly maintenance window.</source>
        <translation>Прореживать даже вне ночного окна обслуживания.</translation>
    </message>
    <message>
        <source> s budget</source>
        <translation> с бюджет</translation>
    </message>
    <message>
        <source>No round running.</source>
        <translation>Раунд не выполняется.</translation>
    </message>
    <message>
        <source>inside</source>
        <translation>внутри</translation>
    </message>
    <message>
        <source>outside</source>
        <translation>снаружи</translation>
    </message>
    <message>
        <source>Paused after the current slice. </source>
        <translation>Пауза после текущего среза. </translation>
    </message>
    <message>
        <source>%1 of %2 slices</source>
        <translation>%1 из %2 срезов</translation>
    </message>
    <message>
        <source>skipped: another runner holds the lock</source>
        <translation>пропущен: блокировку держит другой исполнитель</translation>
    </message>
    <message>
        <source>outside the thinning window: nothing thinned (%1 slices pending)</source>
        <translation>вне окна прореживания: ничего не прорежено (ожидают срезов: %1)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменено</translation>
    </message>
    <message>
        <source>budget used up</source>
        <translation>бюджет исчерпан</translation>
    </message>
    <message>
        <source>the window closed</source>
        <translation>окно закрылось</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>завершён</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>частично</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Раунд</translation>
    </message>
    <message>
        <source>would delete</source>
        <translation>удалил бы</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>удалено</translation>
    </message>
    <message>
        <source>Mower %1: slice %2 of %3 · scanned %4 rows, %5 · %6 elapsed, about %7 left</source>
        <translation>Косилка %1: срез %2 из %3 · просмотрено строк: %4, %5 · прошло %6, осталось около %7</translation>
    </message>
    <message>
        <source>would delete: counted at the end</source>
        <translation>удалит: подсчёт в конце</translation>
    </message>
    <message>
        <source>deleted %1</source>
        <translation>удалено %1</translation>
    </message>
    <message>
        <source>Rounds are refused: %1</source>
        <translation>Раунды отклоняются: %1</translation>
    </message>
    <message>
        <source>Paused, holding the round&apos;s lock for %1: other runners skip until it resumes. The lock is released when the window closes (%2:00) or the budget runs out.</source>
        <translation>Пауза, блокировка раунда удерживается %1: другие запуски пропускаются до продолжения. Блокировка снимается, когда закрывается окно (%2:00) или кончается бюджет.</translation>
    </message>
    <message>
        <source>stopped early (%1); the next round retries the slice</source>
        <translation>остановлен досрочно (%1); следующий раунд повторит срез</translation>
    </message>
    <message>
        <source>the window closed while paused: lock released</source>
        <translation>окно закрылось во время паузы: блокировка снята</translation>
    </message>
    <message>
        <source>the budget ran out while paused: lock released</source>
        <translation>бюджет кончился во время паузы: блокировка снята</translation>
    </message>
    <message>
        <source> job(s)</source>
        <translation> потоков</translation>
    </message>
    <message>
        <source>Thinning workers, each on its own connection, taking whole mowers.</source>
        <translation>Потоки прореживания, каждый со своим соединением, берут косилки целиком.</translation>
    </message>
    <message>
        <source>Count what a round would scan and delete, slice by slice, and keep it as the plan that Run applies; delete nothing.</source>
        <translation>Подсчитать, что раунд просмотрел бы и удалил, срез за срезом, и сохранить это как план, который применит «Запустить»; ничего не удалять.</translation>
    </message>
    <message>
        <source>mower %1 slice from %2: %3</source>
        <translation>косилка %1, срез с %2: %3</translation>
    </message>
    <message>
        <source>The plan: %1 applied, %2 already done, %3 stale, %4 left</source>
        <translation>План: применено %1, уже сделано %2, устарело %3, осталось %4</translation>
    </message>
    <message>
        <source>stale, untouched: %1</source>
        <translation>устарело, не тронуто: %1</translation>
    </message>
    <message>
        <source>Window %1:00–%2:00 %3 · now %4 there (hour %5): &lt;b style=&apos;color:%6&apos;&gt;%7&lt;/b&gt; · budget %8 per round</source>
        <translation>Окно %1:00–%2:00 %3 · там сейчас %4 (час %5): &lt;b style=&apos;color:%6&apos;&gt;%7&lt;/b&gt; · бюджет %8 на раунд</translation>
    </message>
    <message>
        <source>%1 %2: mowers %3, slices %4, scanned %5, %6 %7, age delete %8, %9; slices left %10</source>
        <translation>%1 %2: косилок %3, срезов %4, просмотрено %5, %6 %7, удалено по возрасту %8, %9; осталось срезов %10</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TimeChart</name>
    <message>
        <source>No history yet.</source>
        <translation>Истории пока нет.</translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>series name: value</comment>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TrackLayer</name>
    <message>
        <source>path</source>
        <translation>путь</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TracksCapacityPanel</name>
    <message>
        <source>Forecast</source>
        <translation>Прогноз</translation>
    </message>
    <message>
        <source>Store size: history from the imports, projection at the last 30 days&apos; pace</source>
        <translation>Размер хранилища: история по импортам, прогноз в темпе последних 30 дней</translation>
    </message>
    <message>
        <source>Forecasting…</source>
        <translation>Расчёт прогноза…</translation>
    </message>
    <message>
        <source>store size</source>
        <translation>размер хранилища</translation>
    </message>
    <message numerus="yes">
        <source>%n track(s)</source>
        <translation>
            <numerusform>%n трек</numerusform>
            <numerusform>%n трека</numerusform>
            <numerusform>%n треков</numerusform>
        </translation>
    </message>
    <message>
        <source>projected</source>
        <translation>прогноз</translation>
    </message>
    <message numerus="yes">
        <source>steady state after %n year(s) of retention</source>
        <translation>
            <numerusform>установившееся состояние при хранении %n год</numerusform>
            <numerusform>установившееся состояние при хранении %n года</numerusform>
            <numerusform>установившееся состояние при хранении %n лет</numerusform>
        </translation>
    </message>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>%1 tracks, %2 (%3 a track)</source>
        <translation>Треков: %1, %2 (%3 на трек)</translation>
    </message>
    <message numerus="yes">
        <source>%1 tracks a day over the last 30 days; steady state %2 tracks after %n year(s) of retention</source>
        <translation>
            <numerusform>Треков в день за последние 30 дней: %1; установившееся состояние — треков: %2 при хранении %n год</numerusform>
            <numerusform>Треков в день за последние 30 дней: %1; установившееся состояние — треков: %2 при хранении %n года</numerusform>
            <numerusform>Треков в день за последние 30 дней: %1; установившееся состояние — треков: %2 при хранении %n лет</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A retention run now deletes %n track(s) (about %1).</source>
        <translation>
            <numerusform>Прогон хранения сейчас удалит %n трек (около %1).</numerusform>
            <numerusform>Прогон хранения сейчас удалит %n трека (около %1).</numerusform>
            <numerusform>Прогон хранения сейчас удалит %n треков (около %1).</numerusform>
        </translation>
    </message>
    <message>
        <source>Now: %1 tracks</source>
        <translation>Сейчас: треков: %1</translation>
    </message>
    <message>
        <source>Run a forecast to see the store&apos;s size against %1.</source>
        <translation>Запустите прогноз, чтобы сравнить размер хранилища с порогом %1.</translation>
    </message>
    <message>
        <source>Now %1, %2 of the %3 alert.
Forecast draws its history and its growth.</source>
        <translation>Сейчас %1, %2 от порога тревоги %3.
Прогноз нарисует историю и рост.</translation>
    </message>
    <message>
        <source>Now: %1 tracks, %2 (%3 of the %4 mark)</source>
        <translation>Сейчас: треков: %1, %2 (%3 от порога %4)</translation>
    </message>
    <message>
        <source>Forecast adds the growth of the last 30 days, when %1 is reached and what retention deletes.</source>
        <translation>Прогноз добавит прирост за последние 30 дней, дату, когда будет достигнут порог %1, и то, что удалит хранение.</translation>
    </message>
    <message>
        <source>%1 alert</source>
        <translation>порог тревоги %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 будет достигнут %2</translation>
    </message>
    <message>
        <source>Reaches %1 on %2</source>
        <translation>Достигнет %1 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Read-only: the store&apos;s size, its growth over the last 30 days and when it reaches %1.</source>
        <translation>Только чтение: размер хранилища, его рост за последние 30 дней и когда он достигнет %1.</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TracksLayer</name>
    <message>
        <source>Tracks</source>
        <translation>Треки</translation>
    </message>
    <message>
        <source>The tracks in view, simplified for the zoom and coloured by activity; magenta: the tracks a retention run would delete; black: the selected track.</source>
        <translation>Треки в окне карты, упрощённые для масштаба и раскрашенные по виду активности; пурпурные — треки, которые удалит прогон хранения; чёрный — выбранный трек.</translation>
    </message>
    <message>
        <source>retention preview</source>
        <translation>предпросмотр хранения</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::TracksWorkbench</name>
    <message>
        <source>No tracks file is open.</source>
        <translation>Файл треков не открыт.</translation>
    </message>
    <message>
        <source>Activities</source>
        <translation>Виды активности</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Источники</translation>
    </message>
    <message>
        <source>‹ Previous</source>
        <translation>‹ Назад</translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation>Вперёд ›</translation>
    </message>
    <message>
        <source>Preview retention</source>
        <translation>Предпросмотр хранения</translation>
    </message>
    <message>
        <source>Find the tracks a retention run would delete now (imported more than GPS_TRACKS_RETENTION_YEARS ago) and show them in magenta; nothing is deleted.</source>
        <translation>Найти треки, которые прогон хранения удалил бы сейчас (импортированные раньше, чем GPS_TRACKS_RETENTION_YEARS назад), и показать их пурпурным; ничего не удаляется.</translation>
    </message>
    <message>
        <source>Import GPX…</source>
        <translation>Импорт GPX…</translation>
    </message>
    <message>
        <source>Import GPX files from the chosen source: each file is one batch, a malformed file is refused whole and the others go on.</source>
        <translation>Импортировать файлы GPX из выбранного источника: каждый файл — отдельная партия, испорченный файл отклоняется целиком, остальные импортируются.</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
    <message>
        <source>Import GPX files</source>
        <translation>Импорт файлов GPX</translation>
    </message>
    <message>
        <source>GPX files (*.gpx)</source>
        <translation>Файлы GPX (*.gpx)</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Открытие %1…</translation>
    </message>
    <message numerus="yes">
        <source>, %Ln in view</source>
        <translation>
            <numerusform>, %Ln в окне</numerusform>
            <numerusform>, %Ln в окне</numerusform>
            <numerusform>, %Ln в окне</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Page %1 of %2 · %Ln track(s)</source>
        <translation>
            <numerusform>Страница %1 из %2 · %Ln трек</numerusform>
            <numerusform>Страница %1 из %2 · %Ln трека</numerusform>
            <numerusform>Страница %1 из %2 · %Ln треков</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#555&apos;&gt;Select a track in the table or click one on the map.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#555&apos;&gt;Выберите трек в таблице или щёлкните по нему на карте.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Track %1 (not on this page of the table).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Трек %1 (не на этой странице таблицы).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>track %1</source>
        <translation>трек %1</translation>
    </message>
    <message>
        <source>%1 points, %2 km; ridden %3; imported %4</source>
        <translation>точек: %1, %2 км; проезд %3; импорт %4</translation>
    </message>
    <message>
        <source>(no times)</source>
        <translation>(без времени)</translation>
    </message>
    <message>
        <source>Looking for tracks older than the retention…</source>
        <translation>Поиск треков старше срока хранения…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) imported before %1 would be deleted (%2 years); magenta on the map.</source>
        <translation>
            <numerusform>%Ln трек, импортированный до %1, будет удалён (%2 лет); пурпурный на карте.</numerusform>
            <numerusform>%Ln трека, импортированных до %1, будут удалены (%2 лет); пурпурные на карте.</numerusform>
            <numerusform>%Ln треков, импортированных до %1, будут удалены (%2 лет); пурпурные на карте.</numerusform>
        </translation>
    </message>
    <message>
        <source>; last import %1 (%2, %3): %4</source>
        <translation>; последний импорт %1 (%2, %3): %4</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>%1 added, %2 merged, %3 unchanged, %4 skipped (waypoints, routes, tracks under two points)</source>
        <translation>добавлено %1, объединено %2, без изменений %3, пропущено %4 (путевые точки, маршруты, треки короче двух точек)</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>отклонён: %1</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %Ln file(s) not imported</source>
        <translation>
            <numerusform>Отменено: %Ln файл не импортирован</numerusform>
            <numerusform>Отменено: %Ln файла не импортированы</numerusform>
            <numerusform>Отменено: %Ln файлов не импортированы</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete them…</source>
        <translation>Удалить их…</translation>
    </message>
    <message>
        <source>Delete the tracks the preview found, as tidemark-cli tracks retain does (in batches, the space reclaimed, the R-tree checked).</source>
        <translation>Удалить найденные предпросмотром треки, как это делает tidemark-cli tracks retain (пакетами, с освобождением места и проверкой R-дерева).</translation>
    </message>
    <message>
        <source>The activity of the tracks without a GPX &lt;type&gt; (tidemark-cli tracks import --activity).</source>
        <translation>Вид активности треков без GPX-элемента &lt;type&gt; (tidemark-cli tracks import --activity).</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Вид активности</translation>
    </message>
    <message>
        <source>Delete old tracks</source>
        <translation>Удаление старых треков</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln track(s) imported more than %1 years ago from %2?</source>
        <translation>
            <numerusform>Удалить %Ln трек, импортированный более %1 лет назад, из %2?</numerusform>
            <numerusform>Удалить %Ln трека, импортированных более %1 лет назад, из %2?</numerusform>
            <numerusform>Удалить %Ln треков, импортированных более %1 лет назад, из %2?</numerusform>
        </translation>
    </message>
    <message>
        <source>Deleting the tracks older than the retention…</source>
        <translation>Удаляются треки старше срока хранения…</translation>
    </message>
    <message>
        <source>track %1 (%2)</source>
        <translation>трек %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>; %Ln previewed track(s) were already gone</source>
        <translation>
            <numerusform>; %Ln трек из предпросмотра уже был удалён</numerusform>
            <numerusform>; %Ln трека из предпросмотра уже были удалены</numerusform>
            <numerusform>; %Ln треков из предпросмотра уже были удалены</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %Ln previewed track(s) changed since the preview and were kept: %1</source>
        <translation>
            <numerusform>; %Ln трек изменился после предпросмотра и сохранён: %1</numerusform>
            <numerusform>; %Ln трека изменились после предпросмотра и сохранены: %1</numerusform>
            <numerusform>; %Ln треков изменились после предпросмотра и сохранены: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>; cancelled: the rest goes with the next run</source>
        <translation>; отменено: остальное удалит следующий запуск</translation>
    </message>
    <message>
        <source>; the spatial index is INCONSISTENT</source>
        <translation>; пространственный индекс НЕСОГЛАСОВАН</translation>
    </message>
    <message>
        <source>Copy to PostGIS…</source>
        <translation>Копировать в PostGIS…</translation>
    </message>
    <message>
        <source>Copy this file into a PostGIS store made by tidemark-cli tracks init --db, as tidemark-cli tracks migrate does: streamed, resumable, verified (the file is only read).</source>
        <translation>Скопировать этот файл в хранилище PostGIS, созданное tidemark-cli tracks init --db, как это делает tidemark-cli tracks migrate: потоком, с возобновлением, с проверкой (файл только читается).</translation>
    </message>
    <message>
        <source>Copy to PostGIS</source>
        <translation>Копирование в PostGIS</translation>
    </message>
    <message>
        <source>The PostGIS store (libpq connection string or service=NAME; passwords from ~/.pgpass):</source>
        <translation>Хранилище PostGIS (строка подключения libpq или service=ИМЯ; пароли из ~/.pgpass):</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln track(s) in the store</source>
        <translation>
            <numerusform>%1: %Ln трек в хранилище</numerusform>
            <numerusform>%1: %Ln трека в хранилище</numerusform>
            <numerusform>%1: %Ln треков в хранилище</numerusform>
        </translation>
    </message>
    <message>
        <source>Copying to PostGIS…</source>
        <translation>Копирование в PostGIS…</translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln track(s) to %1</source>
        <translation>
            <numerusform>Скопирован %Ln трек в %1</numerusform>
            <numerusform>Скопировано %Ln трека в %1</numerusform>
            <numerusform>Скопировано %Ln треков в %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>: verified (%Ln track(s) in the store)</source>
        <translation>
            <numerusform>: проверено (%Ln трек в хранилище)</numerusform>
            <numerusform>: проверено (%Ln трека в хранилище)</numerusform>
            <numerusform>: проверено (%Ln треков в хранилище)</numerusform>
        </translation>
    </message>
    <message>
        <source>: cancelled, copy again to resume</source>
        <translation>: отменено, скопируйте снова, чтобы продолжить</translation>
    </message>
    <message>
        <source>: NOT verified: %1</source>
        <translation>: НЕ проверено: %1</translation>
    </message>
    <message>
        <source>Fit the map to the tracks the activity and source filters leave (%1)</source>
        <translation>Вписать карту в треки, оставленные фильтрами занятий и источников (%1)</translation>
    </message>
    <message>
        <source>Lines of the filtered tracks in view.</source>
        <translation>Линии отфильтрованных треков в окне.</translation>
    </message>
    <message>
        <source>Density of the checked activities from every source: the source filter applies to lines, drawn where a view holds up to %1 of these tracks.</source>
        <translation>Плотность отмеченных занятий из всех источников: фильтр источников действует на линии, которые рисуются, где в окне не больше %1 таких треков.</translation>
    </message>
    <message>
        <source>Density of the filtered tracks: lines where a view holds up to %1 of them.</source>
        <translation>Плотность отфильтрованных треков: линии, где в окне их не больше %1.</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Треки</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Ёмкость</translation>
    </message>
    <message>
        <source>Nothing imported: only GPX files (.gpx) can be dropped here.</source>
        <translation>Ничего не импортировано: сюда можно перетаскивать только файлы GPX (.gpx).</translation>
    </message>
    <message>
        <source>Nothing imported: no tracks store is open.</source>
        <translation>Ничего не импортировано: хранилище треков не открыто.</translation>
    </message>
    <message>
        <source>Nothing imported: an import is still running; drop the files again when it is done.</source>
        <translation>Ничего не импортировано: импорт ещё идёт; перетащите файлы снова, когда он завершится.</translation>
    </message>
    <message>
        <source>Nothing imported: no source is configured (GPS_SOURCES_CONFIG).</source>
        <translation>Ничего не импортировано: источник не настроен (GPS_SOURCES_CONFIG).</translation>
    </message>
    <message>
        <source>Not imported, not GPX files: %1</source>
        <translation>Не импортированы, не файлы GPX: %1</translation>
    </message>
    <message>
        <source>Retention &amp;&amp; import</source>
        <translation>Хранение и импорт</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) of the plan %1 are magenta on the map; it is applied from its window.</source>
        <translation>
            <numerusform>%Ln трек из плана %1 выделен пурпурным на карте; план применяется из его окна.</numerusform>
            <numerusform>%Ln трека из плана %1 выделены пурпурным на карте; план применяется из его окна.</numerusform>
            <numerusform>%Ln треков из плана %1 выделены пурпурным на карте; план применяется из его окна.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 and %2 are checked in the filters to show the imported tracks.</source>
        <translation>%1 и %2 отмечены в фильтрах, чтобы показать импортированные треки.</translation>
    </message>
    <message>
        <source>Box %1</source>
        <translation>Рамка %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln track(s) deleted, %1 freed</source>
        <translation>
            <numerusform>удалён %Ln трек, освобождено %1</numerusform>
            <numerusform>удалены %Ln трека, освобождено %1</numerusform>
            <numerusform>удалены %Ln треков, освобождено %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Health: %Ln track(s), tables %1, indexes %2</source>
        <translation>
            <numerusform>Состояние: %Ln трек, таблицы %1, индексы %2</numerusform>
            <numerusform>Состояние: %Ln трека, таблицы %1, индексы %2</numerusform>
            <numerusform>Состояние: %Ln треков, таблицы %1, индексы %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Health: %Ln track(s), database %1, WAL %2</source>
        <translation>
            <numerusform>Состояние: %Ln трек, база %1, WAL %2</numerusform>
            <numerusform>Состояние: %Ln трека, база %1, WAL %2</numerusform>
            <numerusform>Состояние: %Ln треков, база %1, WAL %2</numerusform>
        </translation>
    </message>
    <message>
        <source> — over %1: plan a retention run or a split</source>
        <translation> — больше %1: запланируйте прогон хранения или разделение</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::VerifyPanel</name>
    <message>
        <source>Verify the previewed range</source>
        <translation>Проверить просмотренный диапазон</translation>
    </message>
    <message>
        <source>Reload the range of the last preview and compare it with the preview&apos;s survivors.</source>
        <translation>Заново загрузить диапазон последнего предпросмотра и сравнить его с оставшимися по предпросмотру строками.</translation>
    </message>
    <message>
        <source>Preview a range, run a round, then verify it here.</source>
        <translation>Просмотрите диапазон, запустите раунд, затем проверьте его здесь.</translation>
    </message>
    <message>
        <source>Reloading the range…</source>
        <translation>Повторная загрузка диапазона…</translation>
    </message>
    <message>
        <source>expected %1 · in the table %2 · matching %3 · missing %4 · not thinned as previewed %5 · changed %6</source>
        <translation>ожидалось %1 · в таблице %2 · совпадает %3 · недостаёт %4 · не прорежено по предпросмотру %5 · изменено %6</translation>
    </message>
    <message>
        <source>watermark now %1</source>
        <translation>отметка теперь %1</translation>
    </message>
    <message>
        <source>no watermark: no round has thinned this mower</source>
        <translation>отметки нет: ни один раунд не прореживал эту косилку</translation>
    </message>
    <message>
        <source>first differences: %1</source>
        <translation>первые различия: %1</translation>
    </message>
</context>
<context>
    <name>tidemark::ui::WhatIfForm</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n с</numerusform>
            <numerusform>%n с</numerusform>
            <numerusform>%n с</numerusform>
        </translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS: the bin of a mowing row</source>
        <translation>MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS: временной интервал строки при кошении</translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_POSITIONS_THIN_IDLE_SECONDS: the bin of an idle row</source>
        <translation>MOWDECK_TELEMETRY_POSITIONS_THIN_IDLE_SECONDS: временной интервал строки в простое</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_HEATMAP_JOIN_SECONDS: the longest gap the heatmap joins</source>
        <translation>MOWDECK_TELEMETRY_HEATMAP_JOIN_SECONDS: наибольший разрыв во времени, который соединяет тепловая карта</translation>
    </message>
    <message>
        <source> m</source>
        <translation> м</translation>
    </message>
    <message>
        <source>MOWDECK_TELEMETRY_HEATMAP_JOIN_METRES: the longest step the heatmap joins</source>
        <translation>MOWDECK_TELEMETRY_HEATMAP_JOIN_METRES: наибольший шаг, который соединяет тепловая карта</translation>
    </message>
    <message>
        <source>Active bin</source>
        <translation>Интервал кошения</translation>
    </message>
    <message>
        <source>Idle bin</source>
        <translation>Интервал простоя</translation>
    </message>
    <message>
        <source>Join up to</source>
        <translation>Соединять до</translation>
    </message>
    <message>
        <source>Join within</source>
        <translation>Соединять в пределах</translation>
    </message>
</context>
</TS>
