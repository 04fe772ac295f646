// The home tab's first paint after connect: from HomeWorkbench::refresh (what the console does once the
// connections are set) to the quick plan rendered (the widget repainted), and on to the exact plan, on the
// demo workspace, through the console's TaskManager; next to the rendering alone (setPlan and a repaint of
// the same plan) and the plan job's own time. Prints milliseconds; asserts nothing.
// Usage: QT_QPA_PLATFORM=offscreen bench_home [DEMO_DIR] [ROUNDS] (default: <build>/test-demo, 5 rounds).
#include "demoworkspace.h"
#include "homeplan.h"
#include "homeworkbench.h"
#include "taskmanager.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace tidemark;

namespace {
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}
} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QString root =
        argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo");
    const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    const demo::DemoWorkspace workspace(root);
    const demo::DemoWorkspace::Status status = workspace.status();
    if (!status.running) {
        std::fprintf(stderr, "bench_home: no demo workspace runs in %s (tidemark-cli demo up --dir %s)\n",
                     qPrintable(root), qPrintable(root));
        return 2;
    }
    RetentionPlanRequest request;
    request.connections.positionsConninfo = status.positionsConninfo;
    request.connections.kudosConninfo = status.kudosConninfo;
    request.connections.tracksPath = status.tracksPath;
    request.connections.archiveUrl = status.archiveUrl;
    request.now = status.now;

    TaskManager tasks;
    HomePlan plan(&tasks);
    ui::HomeWorkbench home(&plan);
    home.resize(1280, 720);
    home.show();
    app.processEvents();

    std::printf("bench_home: demo workspace %s, %d rounds, 1280x720 (%s)\n", qPrintable(root), rounds,
                qPrintable(QGuiApplication::platformName()));
    std::vector<double> firstPaint, exactPaint, quickJob, exactJob;
    RetentionPlan quickPlan, exact;
    for (int round = 0; round < rounds; ++round) {
        QElapsedTimer timer;
        QEventLoop loop;
        double first = -1, last = -1;
        const auto connection = QObject::connect(&home, &ui::HomeWorkbench::planShown, [&](bool quick) {
            home.repaint(); // the paint itself, not just the scheduled update
            const double ms = double(timer.nsecsElapsed()) / 1e6;
            if (quick) {
                first = ms;
                quickJob.push_back(home.plan().seconds * 1000);
                quickPlan = home.plan();
            } else {
                last = ms;
                exactJob.push_back(home.plan().seconds * 1000);
                exact = home.plan();
                loop.quit();
            }
        });
        request.machineNow = nowMicros();
        timer.start();
        home.refresh(request);
        loop.exec();
        QObject::disconnect(connection);
        firstPaint.push_back(first);
        exactPaint.push_back(last);
        std::printf("  round %d: first paint (quick plan) %.1f ms, exact plan painted %.1f ms\n", round + 1,
                    first, last);
    }
    std::vector<double> render;
    for (int i = 0; i < 20; ++i) {
        QElapsedTimer timer;
        timer.start();
        home.setPlan(exact);
        home.repaint();
        render.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::printf("first paint after connect: median %.1f ms (the quick plan job %.1f ms)\n",
                median(firstPaint), median(quickJob));
    std::printf("exact plan painted:        median %.1f ms (the exact plan job %.1f ms)\n",
                median(exactPaint), median(exactJob));
    std::printf("rendering alone (setPlan + repaint): median %.2f ms\n", median(render));
    std::printf("sections of the quick plan: positions %.1f ms, kudos %.1f ms, tracks %.1f ms\n",
                quickPlan.positions.seconds * 1000, quickPlan.kudos.seconds * 1000,
                quickPlan.tracks.seconds * 1000);
    std::printf(
        "sections of the exact plan: positions %.1f ms, kudos %.1f ms, tracks %.1f ms; %zu alert(s)\n",
        exact.positions.seconds * 1000, exact.kudos.seconds * 1000, exact.tracks.seconds * 1000,
        exact.alerts.size());
    return 0;
}
