<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
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
    </context>
    <context>
        <name>main</name>
        <message>
            <source>--lang: no translation for "%1" (available: %2)</source>
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
            <source>Language of the console (en, ru); default: the system's.</source>
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
            <source>--timeout: expected a positive number of seconds, got "%1"</source>
            <translation>--timeout: ожидалось положительное число секунд, получено «%1»</translation>
        </message>
        <message>
            <source>--demo cannot be combined with --db-positions, --db-kudos or --sqlite</source>
            <translation>--demo нельзя сочетать с --db-positions, --db-kudos или --sqlite</translation>
        </message>
    </context>
    <context>
        <name>tidemark::app::ScreenshotSaver</name>
        <message>
            <source>screenshot: the panels did not finish loading within %1 s</source>
            <translation>снимок окна: панели не загрузились за %1 с</translation>
        </message>
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
        <name>tidemark::positions::MowerEligibilityModel</name>
        <message>
            <source>Rows between the watermark (or the oldest row) and the cutoff: what the next rounds thin.</source>
            <translation>Строки между отметкой (или первой строкой) и границей: их прорежут следующие раунды.</translation>
        </message>
        <message>
            <source>none</source>
            <translation>нет</translation>
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
            <source>Oldest (UTC)</source>
            <translation>Первая (UTC)</translation>
        </message>
        <message>
            <source>Newest (UTC)</source>
            <translation>Последняя (UTC)</translation>
        </message>
        <message>
            <source>Watermark</source>
            <translation>Отметка</translation>
        </message>
        <message>
            <source>Eligible</source>
            <translation>К прореживанию</translation>
        </message>
        <message>
            <source>Slices</source>
            <translation>Срезы</translation>
        </message>
    </context>
    <context>
        <name>tidemark::positions::MowerSummaryModel</name>
        <message>
            <source>not thinned yet</source>
            <translation>ещё нет</translation>
        </message>
        <message>
            <source>Rows older than the watermark have been thinned</source>
            <translation>Строки старше этой отметки уже прорежены</translation>
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
            <source>Oldest (UTC)</source>
            <translation>Первая (UTC)</translation>
        </message>
        <message>
            <source>Newest (UTC)</source>
            <translation>Последняя (UTC)</translation>
        </message>
        <message>
            <source>Thinned to (UTC)</source>
            <translation>Прорежено до (UTC)</translation>
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
        <message>
            <source>Seconds</source>
            <translation>Секунды</translation>
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
    </context>
    <context>
        <name>tidemark::ui::JobListModel</name>
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
            <source>Job</source>
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
            <source>Result</source>
            <translation>Результат</translation>
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
    </context>
    <context>
        <name>tidemark::ui::JobRunner</name>
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
            <source>Tracks extent</source>
            <translation>Границы треков</translation>
        </message>
        <message>
            <source>The area covered by the tracks database</source>
            <translation>Область, которую покрывает база треков</translation>
        </message>
    </context>
    <context>
        <name>tidemark::ui::MapPlaceholder</name>
        <message>
            <source>Map</source>
            <translation>Карта</translation>
        </message>
    </context>
    <context>
        <name>tidemark::ui::WorkspaceSession</name>
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
            <source>Load positions from %1</source>
            <translation>Загрузка позиций из %1</translation>
        </message>
        <message>
            <source>, oldest row %1</source>
            <translation>, первая строка — %1</translation>
        </message>
        <message>
            <source>Load kudos from %1</source>
            <translation>Загрузка Kudos из %1</translation>
        </message>
        <message>
            <source>Load tracks from %1</source>
            <translation>Загрузка треков из %1</translation>
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
    </context>
</TS>
